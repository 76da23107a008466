import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import type * as Sarif from 'sarif';
import officialSchema from '@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json';
import { toSarif } from '../../server/src/cli/sarif';
import type { ReportedFinding } from '../../server/src/service';
import { allRuleIds, allRuleMeta } from '../../server/src/rules/registry';
import { runCli } from '../support/cli';
import { copyFixture } from '../support/copyFixture';
import { examplesDir, fixturesDir, repoRoot, samples, updates } from '../support/fixtures';
import {
  otherClusters,
  sameCluster,
  sarifInputs,
  sarifOf,
  severalClusters,
} from '../support/sarif';

/**
 * The official SARIF 2.1.0 (rtm.5) schema, as @microsoft/jest-sarif ships it: draft-04, which
 * Ajv 8 does not know. Its keywords mean the same in draft-07 (no boolean exclusiveMinimum or
 * the like), so it is compiled as draft-07 without its `$schema` and draft-04 `id`.
 */
const validate = (() => {
  const schema: Record<string, unknown> = { ...officialSchema };
  delete schema.$schema;
  delete schema.id;
  // unicodeRegExp off: the schema's `language` pattern (`…-[a-zA-Z]{2}]?$`, a stray `]`) is a
  // valid regular expression only without the `u` flag Ajv 8 adds by default.
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  // No ajv-formats here: URIs are checked by their characters (RFC 3986's, `%` escapes only),
  // a scheme for absolute ones; times by Date.
  const uriReference = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
  ajv.addFormat('uri-reference', uriReference);
  ajv.addFormat('uri', (s) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(s) && uriReference.test(s));
  ajv.addFormat('date-time', (s) => /^\d{4}-\d\d-\d\dT/.test(s) && !Number.isNaN(Date.parse(s)));
  return ajv.compile(schema);
})();

function assertValid(log: unknown, what: string): void {
  const ok = validate(log);
  assert.ok(ok, `${what}: ${JSON.stringify(validate.errors?.slice(0, 5), null, 2)}`);
}

/** The key changed meaning in v2: the cluster joined the rule and the subject. */
function fingerprintOf(r: Sarif.Result): string {
  const fp = r.partialFingerprints?.['mustGatherInspector/v2'];
  assert.ok(fp, `${r.ruleId}: a fingerprint`);
  return fp;
}

function runOf(log: Sarif.Log): Sarif.Run {
  assert.equal(log.runs.length, 1, 'one run per invocation');
  return log.runs[0]!;
}

const inputs = sarifInputs;

/** A result's file: its URI resolved against SRCROOT, as a path. */
function fileOf(run: Sarif.Run, loc: Sarif.Location | undefined): string {
  const base = run.originalUriBaseIds?.SRCROOT?.uri;
  const a = loc?.physicalLocation?.artifactLocation;
  assert.ok(base && a?.uri !== undefined);
  assert.equal(a.uriBaseId, 'SRCROOT');
  return fileURLToPath(new URL(a.uri, base));
}

interface Reported {
  rule: string;
  severity: string;
  subject: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  related: { file: string; line: number; column: number; message: string }[];
}

describe('CLI analyze --format sarif', () => {
  const logs = new Map<string, { code: number; log: Sarif.Log }>();
  const several = severalClusters();
  after(() => several.remove());
  /** Folders holding several clusters, one of them gathered twice (test/fixtures: five times). */
  const manyClusters = [fixturesDir, examplesDir, several.path];
  before(async () => {
    const queue = [...inputs, ...manyClusters];
    const worker = async () => {
      for (let p = queue.shift(); p; p = queue.shift()) logs.set(p, await sarifOf(p));
    };
    await Promise.all(Array.from({ length: Math.min(4, availableParallelism()) }, worker));
  });

  it('validates against the SARIF 2.1.0 schema on every fixture and sample', () => {
    assert.ok(inputs.length >= 20, `${inputs.length} fixture folders`);
    for (const p of inputs) {
      const { code, log } = logs.get(p)!;
      assertValid(log, p);
      const run = runOf(log);
      assert.equal(run.originalUriBaseIds?.SRCROOT?.uri, pathToFileURL(p).href + '/');
      const errors = run.results!.some((r) => r.level === 'error');
      assert.equal(code, errors ? 1 : 0, `${p}: exit status as analyze's`);
      for (const r of run.results!) {
        assert.ok(fileOf(run, r.locations?.[0]).startsWith(p + '/'), 'inside the analysed path');
      }
    }
    // The validator refuses what the schema refuses: a level SARIF lacks, a space in a URI.
    const log = logs.get(samples.workerBlocksMco)!.log;
    const result = runOf(log).results![0]!;
    const broken = (change: (r: Sarif.Result) => void) => {
      const copy = structuredClone(log);
      change(copy.runs[0]!.results![0]!);
      return validate(copy);
    };
    assert.ok(result.level);
    assert.equal(
      broken((r) => Object.assign(r, { level: 'info' })),
      false,
    );
    assert.equal(
      broken((r) => (r.locations![0]!.physicalLocation!.artifactLocation!.uri = 'a b.yaml')),
      false,
    );
    const quiet = runOf(logs.get(samples.healthy)!.log);
    assert.deepEqual(quiet.results, [], 'a healthy cluster: no result, still a valid log');
  });

  it('gives each result the JSON report’s place, on the real line', () => {
    const sample = samples.workerBlocksMco;
    const run = runOf(logs.get(sample)!.log);
    const json = JSON.parse(runCli('analyze', sample, '--format', 'json').stdout) as {
      findings: Reported[];
      causes: { id: string; title: string; rootSubject: string; findings: number[] }[];
    };
    assert.equal(run.results!.length, json.findings.length);
    assert.ok(json.findings.length > 10);
    json.findings.forEach((f, i) => {
      const r = run.results![i]!;
      assert.equal(r.ruleId, f.rule);
      assert.equal(run.tool.driver.rules![r.ruleIndex!]!.id, f.rule, 'ruleIndex names the rule');
      assert.equal(r.message.text, f.message);
      assert.equal(r.level, { error: 'error', warning: 'warning' }[f.severity] ?? 'note');
      assert.equal(fileOf(run, r.locations![0]), join(sample, f.file));
      assert.deepEqual(r.locations![0]!.physicalLocation!.region, {
        startLine: f.line,
        startColumn: f.column,
        endLine: f.endLine,
        endColumn: f.endColumn,
      });
      assert.deepEqual(
        (r.relatedLocations ?? []).map((x) => [
          fileOf(run, x),
          x.physicalLocation!.region!.startLine,
          x.physicalLocation!.region!.startColumn,
          x.message!.text,
        ]),
        f.related.map((x) => [join(sample, x.file), x.line, x.column, x.message]),
      );
      const cause = json.causes.find((c) => c.findings.includes(i))!;
      assert.deepEqual(r.properties, {
        cause: cause.id,
        causeTitle: cause.title,
        rootSubject: cause.rootSubject,
        subject: f.subject,
        root: r.properties!.root,
      });
    });
    // The finding the README opens with, on the line its text report prints.
    const blocked = run.results!.find((r) => r.ruleId === 'mco-blocked-by-non-required-pool')!;
    const region = blocked.locations![0]!.physicalLocation!.region!;
    const lines = readFileSync(fileOf(run, blocked.locations![0]), 'utf8').split('\n');
    assert.match(lines[region.startLine! - 1]!, /lastTransitionTime: "2021-03-25T09:45:01Z"/);
  });

  it("gives the root finding of a cause its chain as a code flow, each step at the JSON chain's place", () => {
    const sample = samples.apiserverCrashLoop;
    const { log } = logs.get(sample)!;
    assertValid(log, sample);
    const run = runOf(log);
    const json = JSON.parse(runCli('analyze', sample, '--format', 'json').stdout) as {
      causes: {
        id: string;
        title: string;
        rootSubject: string;
        findings: number[];
        chain: { name: string; state: string; file?: string; line?: number; column?: number }[];
      }[];
    };
    const cause = json.causes[0]!;
    const [root, ...others] = cause.findings;
    const flows = run.results![root!]!.codeFlows;
    assert.equal(flows?.length, 1, 'one code flow on the root finding');
    const steps = flows![0]!.threadFlows[0]!.locations;
    assert.equal(steps.length, 6);
    assert.deepEqual(
      steps.map((t) => [
        fileOf(run, t.location),
        t.location!.physicalLocation!.region!.startLine,
        t.location!.physicalLocation!.region!.startColumn,
        t.location!.message!.text,
      ]),
      cause.chain.map((s) => [join(sample, s.file!), s.line, s.column, `${s.name}: ${s.state}`]),
    );
    for (const i of others) assert.equal(run.results![i]!.codeFlows, undefined, 'once per cause');
    for (const i of cause.findings) {
      assert.deepEqual(
        [
          run.results![i]!.properties!.cause,
          run.results![i]!.properties!.causeTitle,
          run.results![i]!.properties!.rootSubject,
        ],
        [cause.id, cause.title, 'pod/openshift-apiserver/apiserver-bjmpcchmxn-r5k64'],
      );
    }

    // A step the gather lacks (the not-ready master's Node) is its message alone.
    const notReady = runOf(logs.get(updates.masterNotReady)!.log);
    const nodeRoot = notReady.results!.find((r) => r.ruleId === 'node-not-ready')!;
    const last = nodeRoot.codeFlows![0]!.threadFlows[0]!.locations.at(-1)!.location!;
    assert.equal(last.physicalLocation, undefined);
    assert.match(
      last.message!.text!,
      /^node ip-10-0-175-139\.eu-west-1\.compute\.internal: not ready /,
    );
  });

  it('gives the same finding the same fingerprint in two gathers of one cluster', async () => {
    const json = JSON.parse(runCli('analyze', updates.stalled, '--format', 'json').stdout) as {
      summary: { clusterID?: string }[];
    };
    const cluster = json.summary[0]!.clusterID;
    assert.equal(cluster, '235e70fb-e19e-4421-a71b-3e2ae63b91e0');
    const fingerprints = (run: Sarif.Run) =>
      run.results!.map((r) => {
        const fp = fingerprintOf(r);
        const subject = (r.properties as { subject: string }).subject;
        assert.equal(fp, `${r.ruleId}|${subject}|cluster:${cluster}`, 'rule, subject, cluster');
        return fp;
      });
    // One cluster gathered twice, each analysed alone: plain logs, and rotated gzipped ones.
    const plain = fingerprints(runOf(logs.get(updates.stalled)!.log));
    const rotated = fingerprints(
      runOf(logs.get(join(fixturesDir, 'update-stalled-reduced-logs'))!.log),
    );
    assert.ok(plain.length > 5);
    assert.deepEqual(rotated.sort(), plain.sort());
    // The same gather copied elsewhere: nothing of its path enters a fingerprint or a URI.
    const copy = copyFixture(updates.stalled);
    try {
      const moved = runOf((await sarifOf(copy.path)).log);
      const original = runOf(logs.get(updates.stalled)!.log);
      const key = (r: Sarif.Result) =>
        `${JSON.stringify(r.partialFingerprints)} ${r.locations![0]!.physicalLocation!.artifactLocation!.uri}`;
      assert.deepEqual(moved.results!.map(key), original.results!.map(key));
    } finally {
      copy.remove();
    }
  });

  it('gives each result a fingerprint of its own, on every fixture and sample and on several clusters at once', () => {
    let repeated = 0;
    for (const p of [...inputs, ...manyClusters]) {
      const prints = runOf(logs.get(p)!.log).results!.map(fingerprintOf);
      assert.equal(new Set(prints).size, prints.length, `${p}: ${prints.length} results`);
      repeated += prints.filter((x) => /#\d+$/.test(x)).length;
    }
    assert.ok(repeated > 20, `${repeated} repeats numbered`);
  });

  it('gives the same fingerprints on every run of the same folder', async () => {
    for (const p of manyClusters) {
      const again = runOf((await sarifOf(p)).log).results!.map(fingerprintOf);
      assert.deepEqual(again, runOf(logs.get(p)!.log).results!.map(fingerprintOf), p);
    }
  });

  it('several clusters in one folder: each as analysed alone, a second gather of one numbered', () => {
    const run = runOf(logs.get(several.path)!.log);
    const inRoot = (name: string) =>
      run.results!.filter((r) => (r.properties as { root: string }).root.split('/')[0] === name);
    const alone = (p: string) => runOf(logs.get(p)!.log).results!.map(fingerprintOf);
    for (const p of otherClusters) {
      assert.ok(alone(p).length > 0, p);
      assert.deepEqual(inRoot(basename(p)).map(fingerprintOf), alone(p), basename(p));
    }
    // Of the two gathers of one cluster, the first (by root) keeps its keys; the second's, the
    // same findings, are numbered.
    const [first, second] = sameCluster as [string, string];
    assert.deepEqual(inRoot(basename(first)).map(fingerprintOf), alone(first));
    assert.deepEqual(
      inRoot(basename(second)).map(fingerprintOf),
      alone(second).map((x) => `${x}#2`),
    );
  });

  it('names the root when the cluster ID is unknown, numbers repeats by place whatever their order', () => {
    const finding = (root: string, line: number, subject = 'co/dns'): ReportedFinding => ({
      ...{ rule: 'operator-degraded', severity: 'error', subject, message: 'Degraded' },
      ...{ file: `${root}/co.yaml`, line, column: 1, endLine: line, endColumn: 9 },
      ...{ root, related: [] },
    });
    const findings = [
      finding('b', 9),
      finding('a', 7),
      finding('a', 3),
      finding('c', 1, 'file/x|y#z%'),
    ];
    const prints = (fs: ReportedFinding[]) =>
      runOf(
        toSarif(fs, [], {
          srcRoot: '/tmp/gathers',
          roots: [
            { root: 'a', clusterID: 'id-1' },
            { root: 'b', clusterID: 'id-1' },
            { root: 'c' },
          ],
          rules: allRuleMeta(),
          version: '1.2.3',
        }),
      ).results!.map(fingerprintOf);
    const expected = [
      'operator-degraded|co/dns|cluster:id-1#3',
      'operator-degraded|co/dns|cluster:id-1#2',
      'operator-degraded|co/dns|cluster:id-1',
      'operator-degraded|file/x%7Cy%23z%25|root:c',
    ];
    assert.deepEqual(prints(findings), expected);
    assert.deepEqual(prints([...findings].reverse()), [...expected].reverse());
  });

  it('describes every rule once, with its page as help', () => {
    const run = runOf(logs.get(samples.workerBlocksMco)!.log);
    const driver = run.tool.driver;
    assert.equal(driver.name, 'must-gather-inspector');
    assert.match(driver.version!, /^\d+\.\d+\.\d+/);
    assert.deepEqual(
      driver.rules!.map((r) => r.id),
      allRuleIds(),
    );
    // package.json names no repository or homepage: no URL is made up.
    assert.equal(driver.informationUri, undefined);
    for (const r of driver.rules!) {
      const meta = allRuleMeta().find((m) => m.id === r.id)!;
      assert.equal(r.shortDescription!.text, meta.description);
      assert.equal(r.fullDescription!.markdown, meta.explanation);
      assert.equal(r.helpUri, undefined);
      const page = readFileSync(join(repoRoot, 'docs', 'rules', `${r.id}.md`), 'utf8');
      assert.equal(r.help?.markdown, page, `${r.id}: its page`);
      assert.equal(r.help?.text, page);
    }
    const level = (id: string) =>
      driver.rules!.find((r) => r.id === id)!.defaultConfiguration!.level;
    assert.equal(level('pool-degraded'), 'error');
    assert.equal(level('pool-paused'), 'warning');
    assert.equal(level('operator-not-upgradeable'), 'note', 'info is a note');
  });

  it('resolves each rule page against the project home when there is one', () => {
    const log = toSarif([], [], {
      srcRoot: '/tmp/gathers',
      roots: [],
      rules: allRuleMeta(),
      version: '1.2.3',
      informationUri: 'https://example.invalid/mgi/',
    });
    assertValid(log, 'with informationUri');
    const run = runOf(log);
    assert.equal(run.originalUriBaseIds?.SRCROOT?.uri, 'file:///tmp/gathers/');
    assert.equal(
      run.tool.driver.rules![0]!.helpUri,
      `https://example.invalid/mgi/docs/rules/${allRuleIds()[0]}.md`,
    );
    assert.equal(run.tool.driver.rules![0]!.help, undefined, 'no page read without docsDir');
  });

  it('several must-gathers under one path: one run, URIs relative to that path', () => {
    const run = runOf(logs.get(join(examplesDir, basename(samples.levelEarly)))!.log);
    assert.ok(run.results!.length > 0);
    const both = JSON.parse(
      runCli('analyze', examplesDir, '--format', 'sarif').stdout,
    ) as Sarif.Log;
    assertValid(both, examplesDir);
    const all = runOf(both);
    assert.equal(all.originalUriBaseIds?.SRCROOT?.uri, pathToFileURL(examplesDir).href + '/');
    const roots = new Set(
      all.results!.map(
        (r) => r.locations![0]!.physicalLocation!.artifactLocation!.uri!.split('/')[0],
      ),
    );
    assert.deepEqual([...roots].sort(), [
      'bug-1943289-worker-pool-blocks-mco',
      'bug-2019850-mco-level-early',
    ]);
  });

  it('is for analyze only', () => {
    const r = runCli('status', samples.healthy, '--format', 'sarif');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--format must be text or json, not "sarif"/);
  });
});

describe('CLI analyze --format sarif on an archive', () => {
  const work = mkdtempSync(join(tmpdir(), 'mgi-sarif-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  it('names files inside it by `!/`, relative to the archive’s folder', async () => {
    const sample = samples.levelEarly;
    const dir = join(work, 'case 0391');
    mkdirSync(dir);
    const tgz = join(dir, 'must-gather.tar.gz');
    const t = spawnSync('tar', ['-czf', tgz, '-C', dirname(sample), basename(sample)]);
    assert.equal(t.status, 0, String(t.stderr));
    const { code, log } = await sarifOf(tgz, '--cache-dir', join(work, 'cache'));
    assertValid(log, tgz);
    const run = runOf(log);
    assert.equal(code, 1);
    assert.equal(run.originalUriBaseIds?.SRCROOT?.uri, pathToFileURL(dir).href + '/');
    assert.match(run.originalUriBaseIds!.SRCROOT!.uri!, /case%200391\/$/);
    assert.ok(run.results!.length > 0);
    for (const r of run.results!) {
      assert.match(
        r.locations![0]!.physicalLocation!.artifactLocation!.uri!,
        /^must-gather\.tar\.gz!\/bug-2019850-mco-level-early\/must-gather\.local\.\d+\//,
      );
    }
  });
});
