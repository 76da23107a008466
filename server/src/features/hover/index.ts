/**
 * Hover dispatcher: finds the object of the snapshot under the cursor (by file, document and
 * pointer) and asks that kind's module; a rendered config name in any scalar gets its own hover.
 */
import type { Hover } from 'vscode-languageserver';
import { ClusterOperator } from '../../model/clusterOperator';
import { ClusterVersion } from '../../model/clusterVersion';
import { MachineConfigPool } from '../../model/machineConfigPool';
import { Node } from '../../model/node';
import { CapiMachine, HostedCluster, NodePool } from '../../model/hosted';
import type { Snapshot } from '../../model/snapshot';
import type { ParsedFile } from '../../yaml/parse';
import { positionAt } from '../../yaml/positions';
import { pathAt } from '../../yaml/pathAt';
import { pointer } from '../../yaml/pointer';
import type { Cause } from '../../core/cause';
import type { Finding } from '../../core/finding';
import { code, markdown, sections } from '../../core/markdown';
import { findingsAt, findingsSection } from './findingsHere';
import { chainOfCause } from './chain';
import type { LineOf } from './chain';
import { clusterVersionHover } from './clusterVersion';
import type { UpdateView } from './clusterVersion';
import { atIdentity, eventsSection } from './events';
import type { HoverEvents } from './events';
import { nodeHover } from './node';
import { objectAt } from './objectAt';
import { operatorHover } from './operator';
import { poolHover } from './pool';
import { hostedClusterHover, machineHover, nodePoolHover } from './hosted';
import { controlPlaneComponentHover, hostedControlPlaneHover } from './hostedControlPlane';
import { ControlPlaneComponent, HostedControlPlane } from '../../model/hostedControlPlane';
import { renderedConfigHover, renderedNamePattern } from './renderedConfig';

/** The findings of the analysis, for their explanation under the place they point at. */
export interface HoverFindings {
  findings: readonly Finding[];
  /** The rule pages' folder, for each explanation's "More" link. */
  docsDir?: string;
  /** The findings grouped by cause: a finding's hover names the cause it is part of. */
  causes?: readonly Cause[];
  /** The line of a place in another file, for links to a cause's chain. */
  lineOf?: LineOf;
}

/**
 * @param update where the update stands: ClusterVersion hovers open with it.
 * @param reported the findings whose detail a hover on their evidence shows.
 * @param events the hovered object's Warning events, read for this hover (`hoverEvents`).
 */
export function hoverAt(
  snapshot: Snapshot,
  file: string,
  parsed: ParsedFile,
  offset: number,
  update?: UpdateView,
  reported?: HoverFindings,
  events?: HoverEvents,
): Hover | undefined {
  const at = pathAt(parsed, offset);
  if (!at) return undefined;
  const gatherTime = snapshot.gatherTime;
  let value: string | undefined;
  let span = at.span;
  // A rendered config name answers for itself, except where a pool names its own configs.
  const name = at.scalar ? renderedNameAt(parsed.text, at.scalar.span, offset) : undefined;
  const found = objectAt(snapshot, file, at.doc, at.path);
  const poolConfig = found?.[0] instanceof MachineConfigPool && found[1][1] === 'configuration';
  if (name && !poolConfig) {
    value = renderedConfigHover(snapshot, name.name, gatherTime);
    span = name.span;
  } else if (found) {
    const [obj, rel] = found;
    const here = reported
      ? findingsAt(reported.findings, file, at.doc, pointer(...at.path), obj.source.base)
      : [];
    const causeOf = (f: Finding) => {
      const i = reported?.findings.indexOf(f) ?? -1;
      return reported?.causes?.find((c) => c.findings.includes(i));
    };
    const explained = reported ? findingsSection(here, reported.docsDir, causeOf) : undefined;
    // Why, first: the way from here down to the root, when a finding here is part of one.
    const chain = chainOfCause(here, causeOf, reported?.lineOf);
    if (obj instanceof MachineConfigPool)
      value = poolHover(snapshot, obj, rel, gatherTime, explained);
    else if (obj instanceof ClusterOperator)
      value = operatorHover(snapshot, obj, rel, gatherTime, explained);
    else if (obj instanceof ClusterVersion)
      value = clusterVersionHover(snapshot, obj, rel, gatherTime, update, explained);
    else if (obj instanceof Node && atIdentity(rel)) value = nodeHover(snapshot, obj);
    else if (obj instanceof HostedCluster && snapshot.hosted)
      value = hostedClusterHover(snapshot.hosted, obj, rel, gatherTime, explained);
    else if (obj instanceof NodePool && snapshot.hosted)
      value = nodePoolHover(snapshot.hosted, obj, rel, gatherTime, explained);
    else if (obj instanceof CapiMachine)
      value = machineHover(
        obj,
        gatherTime,
        explained,
        snapshot.hosted?.controlPlane?.machineDrainLog?.failures.get(obj.name),
      );
    else if (obj instanceof HostedControlPlane && snapshot.hosted)
      value = hostedControlPlaneHover(snapshot.hosted, obj, rel, gatherTime, explained);
    else if (obj instanceof ControlPlaneComponent && snapshot.hosted)
      value = controlPlaneComponentHover(snapshot.hosted, obj, rel, gatherTime, explained);
    // The object's Warning events, on its name (or kind, or the top of its document).
    if (events && events.object === obj && atIdentity(rel))
      value = sections(
        value ?? `**${obj.kind} ${code(obj.name)}**`,
        eventsSection(events, gatherTime),
      );
    // Kinds and places that do not lay out their own still show what was found there.
    if (explained && !(value ?? '').includes(explained)) value = sections(value, explained);
    if (chain) value = sections(chain, value);
  }
  if (value === undefined) return undefined;
  return {
    contents: markdown(value),
    range: { start: positionAt(parsed, span[0]), end: positionAt(parsed, span[1]) },
  };
}

/** The rendered config name under the offset inside a scalar's source text, if any. */
function renderedNameAt(
  text: string,
  span: [number, number],
  offset: number,
): { name: string; span: [number, number] } | undefined {
  const source = text.slice(span[0], span[1]);
  for (const m of source.matchAll(renderedNamePattern)) {
    const start = span[0] + (m.index ?? 0);
    const end = start + m[0].length;
    if (start <= offset && offset <= end) return { name: m[0], span: [start, end] };
  }
  return undefined;
}
