/**
 * What the MCP server refuses to read, and how much it answers: a name with `..`, an absolute
 * path and a link out of the must-gather are refused by mustgather_get (and mustgather_logs),
 * and a 300 MB log is answered within the byte bound. Everything runs on a temporary copy of a
 * small fixture, with the big log written at test time.
 */
import assert from 'node:assert/strict';
import { closeSync, mkdirSync, openSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture } from '../support/copyFixture';
import { mustGatherRoot, updates } from '../support/fixtures';
import { startMcp } from '../support/mcp';
import type { McpRun } from '../support/mcp';

type Obj = Record<string, unknown>;

const copy = copyFixture(updates.stalled);
const root = mustGatherRoot(copy.path);
/** Beside the copy, outside the must-gather: what a link out of it would expose. */
const outside = join(dirname(copy.path), 'secret');
mkdirSync(join(outside, 'logs'), { recursive: true });
writeFileSync(
  join(outside, 'secret.yaml'),
  'apiVersion: v1\nkind: Secret\nmetadata:\n  name: outside-the-gather\n',
);
writeFileSync(join(outside, 'logs', 'current.log'), '2024-01-01T00:00:00Z outside the gather\n');
const operators = join(root, 'cluster-scoped-resources', 'config.openshift.io', 'clusteroperators');
symlinkSync(join(outside, 'secret.yaml'), join(operators, 'leak.yaml'));
// A pod folder that is a link out, and a pod whose container folder is one.
mkdirSync(join(outside, 'pod', 'leak', 'leak'), { recursive: true });
symlinkSync(join(outside, 'logs'), join(outside, 'pod', 'leak', 'leak', 'logs'));
const pods = join(root, 'namespaces', 'openshift-machine-config-operator', 'pods');
symlinkSync(join(outside, 'pod'), join(pods, 'leak-0'));
mkdirSync(join(pods, 'leak-1', 'leak'), { recursive: true });
symlinkSync(join(outside, 'pod', 'leak', 'leak'), join(pods, 'leak-1', 'leak', 'leak'));

/** The big log: a container of a namespace the analysis never reads, written as a stream. */
const bigMiB = 300;
const bigDir = join(
  root,
  'namespaces',
  'openshift-monitoring',
  'pods',
  'big-0',
  'big',
  'big',
  'logs',
);
mkdirSync(bigDir, { recursive: true });
let lastLine = 0;
{
  const line = (i: number) =>
    `2024-01-01T00:00:00.000000000Z I0101 00:00:00.000000 1 big.go:1] line ${i} needle ${'x'.repeat(60)}\n`;
  const chunk = Buffer.from(Array.from({ length: 8192 }, (_, i) => line(i)).join(''));
  const fd = openSync(join(bigDir, 'current.log'), 'w');
  for (let written = 0; written < bigMiB * 1024 * 1024; written += chunk.length) {
    writeSync(fd, chunk);
    lastLine += 8192;
  }
  lastLine += 1;
  writeSync(
    fd,
    '2024-01-01T00:00:01.000000000Z I0101 00:00:01.000000 1 big.go:2] the last needle\n',
  );
  closeSync(fd);
}
after(() => copy.remove());

describe('MCP confinement and bounds', () => {
  let mcp: McpRun;
  before(async () => {
    mcp = await startMcp([copy.path]);
  });
  after(() => mcp.close());

  const refused = async (tool: string, args: Obj, why: RegExp) => {
    const a = await mcp.call(tool, args);
    assert.equal(a.isError, true, `${tool} ${JSON.stringify(args)} was answered: ${a.text}`);
    assert.match(a.text, why);
    assert.doesNotMatch(
      a.text,
      /outside-the-gather|outside the gather/,
      'nothing of the outside file shows',
    );
  };

  it('reads an object inside the gather', async () => {
    const a = await mcp.call('mustgather_get', { subject: 'co/machine-config' });
    assert.equal(a.isError, false, a.text);
    assert.match(String(a.structured.yaml), /kind: ClusterOperator\nmetadata:\n/);
  });

  it("refuses '..' in a name or a path", async () => {
    await refused(
      'mustgather_get',
      { subject: 'co/../../../secret/secret' },
      /climbs out with '\.\.'/,
    );
    await refused('mustgather_get', { subject: 'pdb/../secret' }, /climbs out with '\.\.'/);
    await refused('mustgather_get', { file: '../../secret/secret.yaml' }, /climbs out with '\.\.'/);
    await refused('mustgather_get', { file: 'namespaces/../../secret/secret.yaml' }, /climbs out/);
    await refused(
      'mustgather_logs',
      { container: 'openshift-monitoring/../leak' },
      /climbs out with '\.\.'/,
    );
  });

  it('refuses an absolute path', async () => {
    await refused('mustgather_get', { file: join(outside, 'secret.yaml') }, /is an absolute path/);
    await refused(
      'mustgather_get',
      { subject: join(outside, 'secret.yaml') },
      /is an absolute path/,
    );
  });

  it('refuses a link out of the gather, by subject, by path and for logs', async () => {
    await refused(
      'mustgather_get',
      { subject: 'co/leak' },
      /leak\.yaml resolves outside the must-gather/,
    );
    await refused(
      'mustgather_get',
      { file: 'cluster-scoped-resources/config.openshift.io/clusteroperators/leak.yaml' },
      /resolves outside the must-gather/,
    );
    await refused(
      'mustgather_logs',
      { container: 'openshift-machine-config-operator/leak-0/leak' },
      /leak-0 resolves outside the must-gather/,
    );
    // A link below the pod folder is refused and said, not taken for a container without logs.
    await refused(
      'mustgather_logs',
      { container: 'openshift-machine-config-operator/leak-1/leak' },
      /leak-1\/leak\/leak resolves outside the must-gather/,
    );
  });

  it('answers a 300 MB log within the byte bound, newest lines kept', async () => {
    const maxBytes = 16 * 1024;
    const a = await mcp.call('mustgather_logs', {
      container: 'openshift-monitoring/big-0/big',
      pattern: 'needle',
      maxLines: 1000,
      maxBytes,
    });
    assert.equal(a.isError, false, a.text);
    const lines = a.structured.lines as Obj[];
    assert.ok(Buffer.byteLength(JSON.stringify(lines)) <= maxBytes, 'the lines fit the bound');
    assert.ok(a.bytes <= 2 * maxBytes + 8 * 1024, `the whole answer is ${a.bytes} bytes`);
    assert.ok(lines.length > 10);
    assert.equal(
      lines.at(-1)?.text,
      '2024-01-01T00:00:01.000000000Z I0101 00:00:01.000000 1 big.go:2] the last needle',
    );
    const [file] = a.structured.files as Obj[];
    // Only the end was read (maxLogMiB), the lines before it counted.
    assert.ok(Number(file?.searchedFromLine) > 1_000_000);
    assert.equal(lines.at(-1)?.line, lastLine, "the file's own line number");
    assert.match(
      String((a.structured.truncated as Obj).note),
      /^truncated, \d+ more \(older\) matching lines: narrow/,
    );
  });
});
