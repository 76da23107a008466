/**
 * A temporary copy of a small must-gather with links out of it planted at every depth (a file,
 * a namespace folder, a pod folder, a container folder, a MachineConfig, an events file), and
 * the table of hostile calls every agent tool must refuse for each of them: `..`, absolute
 * paths, and those links, in every path-like argument, `root` included. MCP and the editor's
 * language-model tools are held to the same table.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { copyFixture } from './copyFixture';
import { mustGatherRoot, updates } from './fixtures';

export interface HostileCall {
  tool: string;
  args: Record<string, unknown>;
  /** What the refusal's sentence says. */
  why: RegExp;
}

/** What nothing of an answer may show: the outside files' own text. */
export const outsideText = /outside-the-gather|outside the gather/;

export function hostileGather(): { path: string; calls: HostileCall[]; remove(): void } {
  const copy = copyFixture(updates.stalled);
  const root = mustGatherRoot(copy.path);
  const outside = join(dirname(copy.path), 'secret');
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(outside, rel)), { recursive: true });
    writeFileSync(join(outside, rel), text);
  };
  const link = (target: string, rel: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    symlinkSync(join(outside, target), join(root, rel));
  };
  write('secret.yaml', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: outside-the-gather\n');
  write(
    'mc.yaml',
    'apiVersion: machineconfiguration.openshift.io/v1\nkind: MachineConfig\nmetadata:\n  name: outside-the-gather\nspec: {}\n',
  );
  write(
    'ns/core/events.yaml',
    'apiVersion: v1\nkind: EventList\nitems:\n- type: Warning\n  reason: Leak\n  message: outside the gather\n  involvedObject: {kind: Node, name: leak}\n',
  );
  write('pod/leak/leak/logs/current.log', '2024-01-01T00:00:00Z outside the gather\n');
  const co = 'cluster-scoped-resources/config.openshift.io/clusteroperators';
  const mco = 'openshift-machine-config-operator';
  link('secret.yaml', `${co}/leak.yaml`); // a file
  link('.', 'cluster-scoped-resources/config.openshift.io/leakdir'); // a folder at depth 2
  link('ns', 'namespaces/leak-ns'); // a namespace folder
  link('ns/core', 'namespaces/leak-core/core'); // a folder below a namespace
  link('ns/core/events.yaml', 'namespaces/leak-events/core/events.yaml'); // an events file
  link('pod', `namespaces/${mco}/pods/leak-0`); // a pod folder
  link('pod/leak', `namespaces/${mco}/pods/leak-1/leak`); // a container folder
  link('pod/leak/leak/logs', `namespaces/${mco}/pods/leak-2/leak/leak/logs`); // its logs folder
  link(
    'mc.yaml',
    'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigs/leak-mc.yaml',
  );

  const climbs = /climbs out with '\.\.'|not a plain name/;
  const absolute = /absolute path|not a plain name/;
  const linkOut = /resolves outside the must-gather/;
  const abs = join(outside, 'secret.yaml');
  const rootCalls = (tool: string, extra: Record<string, unknown> = {}): HostileCall[] => [
    { tool, args: { ...extra, root: '../secret' }, why: climbs },
    { tool, args: { ...extra, root: abs }, why: absolute },
    { tool, args: { ...extra, root: outside }, why: absolute },
  ];
  const subject = (tool: string, extra: Record<string, unknown> = {}): HostileCall[] => [
    { tool, args: { ...extra, subject: 'co/../../../secret/secret' }, why: climbs },
    { tool, args: { ...extra, subject: abs }, why: absolute },
  ];
  const calls: HostileCall[] = [
    ...rootCalls('mustgather_status'),
    ...rootCalls('mustgather_causes'),
    ...rootCalls('mustgather_findings'),
    ...subject('mustgather_findings'),
    ...rootCalls('mustgather_recommend'),
    ...rootCalls('mustgather_explain', { index: 0 }),
    ...subject('mustgather_explain', { rule: 'pool-degraded' }),
    ...rootCalls('mustgather_timeline'),
    ...subject('mustgather_timeline'),
    ...rootCalls('mustgather_get', { subject: 'co/machine-config' }),
    ...subject('mustgather_get'),
    { tool: 'mustgather_get', args: { subject: 'pdb/../secret' }, why: climbs },
    { tool: 'mustgather_get', args: { file: '../../secret/secret.yaml' }, why: climbs },
    { tool: 'mustgather_get', args: { file: 'namespaces/../../secret/secret.yaml' }, why: climbs },
    { tool: 'mustgather_get', args: { file: abs }, why: absolute },
    { tool: 'mustgather_get', args: { subject: 'co/leak' }, why: linkOut },
    { tool: 'mustgather_get', args: { file: `${co}/leak.yaml` }, why: linkOut },
    {
      tool: 'mustgather_get',
      args: { file: 'cluster-scoped-resources/config.openshift.io/leakdir/secret.yaml' },
      why: linkOut,
    },
    { tool: 'mustgather_get', args: { subject: 'ns/leak-ns' }, why: linkOut },
    ...rootCalls('mustgather_events', { subject: 'node/leak' }),
    ...subject('mustgather_events'),
    { tool: 'mustgather_events', args: { subject: 'ns/leak-ns' }, why: linkOut },
    { tool: 'mustgather_events', args: { subject: 'pod/leak-core/x' }, why: linkOut },
    { tool: 'mustgather_events', args: { subject: 'pod/leak-events/x' }, why: linkOut },
    { tool: 'mustgather_events', args: { subject: 'node/leak', namespaces: ['..'] }, why: climbs },
    { tool: 'mustgather_events', args: { subject: 'node/leak', namespaces: [abs] }, why: absolute },
    {
      tool: 'mustgather_events',
      args: { subject: 'node/leak', namespaces: ['leak-ns'] },
      why: linkOut,
    },
    ...rootCalls('mustgather_diff_configs', { a: 'x', b: 'y' }),
    { tool: 'mustgather_diff_configs', args: { a: '../mc', b: 'y' }, why: climbs },
    { tool: 'mustgather_diff_configs', args: { a: 'x', b: abs }, why: absolute },
    ...rootCalls('mustgather_logs', { container: `${mco}/leak-0/leak` }),
    { tool: 'mustgather_logs', args: { container: 'openshift-monitoring/../leak' }, why: climbs },
    { tool: 'mustgather_logs', args: { container: `${abs}/x/y` }, why: absolute },
    { tool: 'mustgather_logs', args: { container: `${mco}/leak-0/leak` }, why: linkOut },
    { tool: 'mustgather_logs', args: { container: `${mco}/leak-1/leak` }, why: linkOut },
    { tool: 'mustgather_logs', args: { container: `${mco}/leak-2/leak` }, why: linkOut },
  ];
  return { path: copy.path, calls, remove: copy.remove };
}

/** Every tool that takes a path-like argument appears in the table. */
export const toolsWithPaths = [
  'mustgather_status',
  'mustgather_causes',
  'mustgather_findings',
  'mustgather_recommend',
  'mustgather_explain',
  'mustgather_timeline',
  'mustgather_get',
  'mustgather_events',
  'mustgather_diff_configs',
  'mustgather_logs',
];
