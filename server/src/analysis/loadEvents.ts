/**
 * Reading a root's Warning events lazily, per namespace: `namespaces/<ns>/core/events.yaml` of a
 * must-gather, gather-extra's `events.json` (every namespace's). Nothing is read until a hover or
 * the snapshot (for the rules that cite events) asks for a namespace; each file through the
 * parse cache (`events` mode, `maxFileSizeMiB`), read once per store; a file that cannot be read
 * or holds no EventList is one `yaml-invalid`.
 */
import { relative, sep } from 'node:path';
import type { Finding } from '../core/finding';
import type { ParsedFileCache } from '../gather/fileCache';
import { filesOf } from '../gather/gatherIndex';
import type { GatherIndex, IndexedFile } from '../gather/gatherIndex';
import { maxWarningEvents, newestFirst, nodeEventNamespaces, readEvents } from '../model/events';
import type { KubeEvent } from '../model/events';
import type { ClusterOperator } from '../model/clusterOperator';
import type { Node } from '../model/node';
import { classifyNodeReason, isDrainFailure } from '../model/nodeFailures';
import { operandNamespace, operatorNamespace, staticPodRollout } from '../model/staticPods';
import { fileProblem, invalidFile } from './fileProblems';

/** What one events file held: its Warning events, or the one problem that says why none. */
interface FileEvents {
  events: KubeEvent[];
  problem?: Finding;
}

/** The Warning events of some namespaces, and what was read for them. */
export interface NamespaceEvents {
  /** Newest first, at most `maxWarningEvents` per namespace. */
  events: KubeEvent[];
  /** One `yaml-invalid` per file that could not be read. */
  problems: Finding[];
  filesRead: string[];
}

/** A root's events, read on demand: one per analysis, shared by the snapshot and hovers. */
export class EventStore {
  private readonly files = new Map<string, Promise<FileEvents>>();

  constructor(
    private readonly index: GatherIndex,
    private readonly cache: ParsedFileCache,
  ) {}

  /** Whether the gather holds any events file (an Insights archive's own format is not read). */
  get present(): boolean {
    return filesOf(this.index, 'core', 'events').length > 0;
  }

  /** The Warning events that live in these namespaces, newest first. */
  async warnings(namespaces: readonly string[]): Promise<NamespaceEvents> {
    const wanted = new Set(namespaces);
    // A must-gather's file per namespace; gather-extra's one list of every namespace.
    const files = filesOf(this.index, 'core', 'events').filter(
      (f) => f.resource.namespace === undefined || wanted.has(f.resource.namespace),
    );
    const read = await Promise.all(files.map((f) => this.file(f)));
    const byNs = new Map<string, KubeEvent[]>();
    for (const r of read) {
      for (const e of r.events) {
        if (!wanted.has(e.namespace)) continue;
        const list = byNs.get(e.namespace) ?? [];
        list.push(e);
        byNs.set(e.namespace, list);
      }
    }
    return {
      events: newestFirst(
        [...byNs.values()].flatMap((l) => newestFirst(l).slice(0, maxWarningEvents)),
      ),
      problems: read.flatMap((r) => (r.problem ? [r.problem] : [])),
      filesRead: files.map((f) => f.path),
    };
  }

  private file(f: IndexedFile): Promise<FileEvents> {
    let p = this.files.get(f.path);
    if (!p) {
      p = this.readFile(f);
      this.files.set(f.path, p);
    }
    return p;
  }

  private async readFile(f: IndexedFile): Promise<FileEvents> {
    const r = await this.cache.get(f.path, 'events');
    const problem = fileProblem(f.path, f.rel, r, false);
    // What a broken file's pieces hold is not read (bytes that are not UTF-8 alone still are).
    if (!r.ok || r.parsed.problems.some((p) => !p.message.startsWith('is not UTF-8')))
      return problem ? { events: [], problem } : { events: [] };
    const value = r.parsed.docs[0]?.value;
    // An empty file is what `oc adm inspect` leaves for a namespace without events.
    if (value === undefined || value === null)
      return problem ? { events: [], problem } : { events: [] };
    const read = readEvents(value, f.path, f.resource.namespace);
    if (!read.ok) {
      const rel = relative(this.index.root.path, f.path).split(sep).join('/');
      return {
        events: [],
        problem: problem ?? invalidFile(f.path, rel, [0, 0], ` ${read.problem}`),
      };
    }
    return problem ? { events: read.events, problem } : { events: read.events };
  }
}

/**
 * The namespaces whose events a rule may cite, given the nodes and operators: `default` and the
 * MCO's for a node whose drain fails or is pending, or whose OS update failed; a static-pod
 * operator's own namespace (its installer controller's `InstallerPodFailed`) and its operand's
 * (kubelet's events on the installer pods) while its installer fails. None otherwise: the
 * analysis then reads no events file.
 */
export function ruleEventNamespaces(
  nodes: readonly Node[],
  operators: readonly ClusterOperator[],
): string[] {
  const out = new Set<string>();
  const nodeNeeds = nodes.some((n) => {
    const degraded = n.mcdState === 'Degraded' || n.mcdState === 'Unreconcilable';
    if (
      degraded &&
      (isDrainFailure(n.mcdReason ?? '') || classifyNodeReason(n.mcdReason)?.kind === 'os-update')
    )
      return true;
    return n.pendingDrain !== undefined;
  });
  if (nodeNeeds) for (const ns of nodeEventNamespaces) out.add(ns);
  for (const o of operators) {
    if (staticPodRollout(o)?.installer === undefined) continue;
    out.add(operatorNamespace(o.name));
    out.add(operandNamespace(o.name));
  }
  return [...out].sort();
}
