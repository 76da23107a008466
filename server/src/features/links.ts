/**
 * Document links from names in must-gather text to the files that hold those objects: rendered
 * config names to their MachineConfig, node names in pool messages to the Node, pool names in
 * operator messages and machine-config's extension keys to the pool. A link is made only when
 * the target file is in the root's index, so it never leads nowhere.
 */
import { pathToFileURL } from 'node:url';
import type { DocumentLink } from 'vscode-languageserver';
import { yamlLib } from '../yaml/lib';
import type { GatherIndex } from '../gather/gatherIndex';
import type { Snapshot } from '../model/snapshot';
import { nodesReporting, operatorMentions, poolsNotReady } from '../model/operatorMessages';
import { operator } from '../model/snapshot';
import type { ParsedFile } from '../yaml/parse';
import { positionAt } from '../yaml/positions';
import { nodeAtPath, spanIn } from '../yaml/pathAt';
import { split } from '../yaml/pointer';
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
  for (const d of parsed.docs) {
    yamlLib().visit(d.node, {
      Scalar(_key, node) {
        const span = spanIn(parsed, node);
        if (!span) return;
        const source = parsed.text.slice(span[0], span[1]);
        for (const m of source.matchAll(renderedNamePattern)) {
          const start = span[0] + (m.index ?? 0);
          add([start, start + m[0].length], t.machineConfigs.get(m[0]));
        }
        for (const [mentions, map] of [
          [nodesReporting(source), t.nodes],
          [poolsNotReady(source), t.pools],
          [operatorMentions(source), t.operators],
        ] as const) {
          for (const m of mentions)
            add([span[0] + m.span[0], span[0] + m.span[1]], map.get(m.name));
        }
      },
    });
  }
  links.push(...extensionKeyLinks(snapshot, file, parsed, t.pools));
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
  const ext = nodeAtPath(parsed, co.source.doc, [...split(co.source.base), 'status', 'extension']);
  if (!yamlLib().isMap(ext)) return [];
  return ext.items.flatMap((pair) => {
    if (!yamlLib().isScalar(pair.key)) return [];
    const target = pools.get(String(pair.key.value));
    const span = spanIn(parsed, pair.key);
    return target && span ? [{ span, target }] : [];
  });
}
