/**
 * Document links from names in must-gather text to the files that hold those objects: rendered
 * config names to their MachineConfig, node names in pool messages to the Node, pool names in
 * operator messages and machine-config's extension keys to the pool. A link is made only when
 * the target file is in the root's index, so it never leads nowhere.
 */
import { pathToFileURL } from 'node:url';
import type { DocumentLink } from 'vscode-languageserver';
import type { GatherIndex } from '../gather/gatherIndex';
import type { Snapshot } from '../model/snapshot';
import { nodesReporting, operatorMentions, poolsNotReady } from '../model/operatorMessages';
import { rec } from '../model/access';
import { operator } from '../model/snapshot';
import type { ParsedFile } from '../yaml/parse';
import { positionAt, spanOf } from '../yaml/positions';
import { renderedNamePattern } from './hover/renderedConfig';

const mco = 'machineconfiguration.openshift.io';
interface Link {
  span: [number, number];
  target: string;
}

/** Files of single objects by kind and name, from the index (List files hold many: no link). */
function targets(index: GatherIndex) {
  const byName = (group: string, plural: string) =>
    new Map(
      index.files
        .filter((f) => !f.list && f.resource.group === group && f.resource.plural === plural)
        .flatMap((f) =>
          f.resource.name !== undefined ? [[f.resource.name, f.path] as const] : [],
        ),
    );
  return {
    machineConfigs: byName(mco, 'machineconfigs'),
    pools: byName(mco, 'machineconfigpools'),
    nodes: byName('core', 'nodes'),
    operators: byName('config.openshift.io', 'clusteroperators'),
  };
}

export function documentLinks(
  snapshot: Snapshot,
  index: GatherIndex,
  file: string,
  parsed: ParsedFile,
): DocumentLink[] {
  const t = targets(index);
  const links: Link[] = [];
  const add = (span: [number, number], target: string | undefined) => {
    if (target !== undefined && target !== file) links.push({ span, target });
  };
  // Names are found in the text itself, not in a node tree: a position in a file (YAML or a
  // JSON List of tens of MB) then costs one scan. The patterns only occur in values.
  const source = parsed.text;
  if (t.machineConfigs.size > 0) {
    for (const m of source.matchAll(renderedNamePattern)) {
      const start = m.index ?? 0;
      add([start, start + m[0].length], t.machineConfigs.get(m[0]));
    }
  }
  for (const [mentions, map] of [
    [() => nodesReporting(source), t.nodes],
    [() => poolsNotReady(source), t.pools],
    [() => operatorMentions(source), t.operators],
  ] as const) {
    if (map.size > 0) for (const m of mentions()) add(m.span, map.get(m.name));
  }
  links.push(...extensionKeyLinks(snapshot, file, parsed, t.pools));
  links.sort((x, y) => x.span[0] - y.span[0]);
  return links.map((l) => ({
    range: { start: positionAt(parsed, l.span[0]), end: positionAt(parsed, l.span[1]) },
    target: pathToFileURL(l.target).href,
  }));
}

/** machine-config writes one `status.extension` entry per pool, keyed by the pool's name. */
function extensionKeyLinks(
  snapshot: Snapshot,
  file: string,
  parsed: ParsedFile,
  pools: Map<string, string>,
): Link[] {
  const co = operator(snapshot, 'machine-config');
  if (!co || co.source.file !== file) return [];
  const ext = rec(co.status.extension) ?? {};
  return Object.keys(ext).flatMap((name) => {
    const target = pools.get(name);
    if (!target) return [];
    // A member's span starts at its key (quoted in JSON).
    const [start] = spanOf(parsed, co.source.doc, co.at('status', 'extension', name).pointer);
    const at = parsed.text.indexOf(name, start);
    return at === start || at === start + 1 ? [{ span: [at, at + name.length], target }] : [];
  });
}
