import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import * as yazl from 'yazl';
import { samples, updates } from '../support/fixtures';
import { runCli } from '../support/cli';
import { listing } from '../support/listing';

const work = mkdtempSync(join(tmpdir(), 'mgi-archive-'));
const cacheDir = join(work, 'cache');
const cases = join(work, 'case-03912345');
after(() => rmSync(work, { recursive: true, force: true }));

const run = (...args: string[]) => runCli(...args, '--cache-dir', cacheDir);

interface Reported {
  rule: string;
  file: string;
  line: number;
}
const findings = (...args: string[]) =>
  (JSON.parse(run('analyze', ...args, '--format', 'json').stdout) as { findings: Reported[] })
    .findings;

/** `tar` as support engineers make them (Debian's GNU tar). */
function tar(out: string, flags: string, dir: string, name: string): void {
  const r = spawnSync('tar', [flags, out, '-C', dir, name], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
}

describe('CLI on archives', () => {
  const sample = samples.levelEarly;
  const tgz = join(cases, 'must-gather.tar.gz');
  spawnSync('mkdir', ['-p', cases]);
  tar(tgz, '-czf', dirname(sample), basename(sample));

  it('analyses a .tar.gz as the folder it holds, naming files by their paths inside it', () => {
    const before = listing(cases);
    const bytes = readFileSync(tgz);
    const fromFolder = findings(sample);
    const fromArchive = findings(tgz);
    assert.deepEqual(
      fromArchive.map((f) => `${f.rule} ${f.line}`).sort(),
      fromFolder.map((f) => `${f.rule} ${f.line}`).sort(),
    );
    const early = fromArchive.find((f) => f.rule === 'mco-level-before-required-pools')!;
    assert.match(
      early.file,
      /^must-gather\.tar\.gz!\/bug-2019850-mco-level-early\/must-gather\.local\.\d+\/.+\/clusteroperators\/machine-config\.yaml$/,
    );
    assert.deepEqual(listing(cases), before, 'nothing written beside the archive');
    assert.ok(readFileSync(tgz).equals(bytes), 'the archive is unchanged');
  });

  it('extracts once: the next run reuses the cache, a changed archive is extracted again', () => {
    const list = () =>
      run('cache', 'list')
        .stdout.trim()
        .split('\n')
        .filter((l) => l.includes('MiB'));
    assert.equal(list().length, 1);
    const [entry] = readdirSync(cacheDir).filter((n) => !n.startsWith('.'));
    const extracted = statSync(join(cacheDir, entry!)).mtimeMs;
    findings(tgz);
    assert.equal(statSync(join(cacheDir, entry!)).mtimeMs, extracted, 'not extracted again');
    // The same archive made again (new mtime and bytes): the stale copy goes.
    tar(tgz, '-czf', dirname(sample), basename(sample));
    const r = run('analyze', tgz, '--format', 'json');
    assert.match(r.stderr, /changed since it was extracted: its stale copy is removed/);
    assert.equal(list().length, 1);
  });

  it('reads gzip data under a .tar name, and a must-gather .tar.gz inside a case .tar', () => {
    const misnamed = join(work, 'gzip-named.tar');
    copyFileSync(tgz, misnamed);
    assert.ok(findings(misnamed).some((f) => f.rule === 'mco-level-before-required-pools'));
    const caseTar = join(work, 'case.tar');
    tar(caseTar, '-cf', dirname(cases), basename(cases));
    const nested = findings(caseTar).find((f) => f.rule === 'mco-level-before-required-pools');
    assert.match(
      nested?.file ?? '',
      /^case\.tar!\/case-03912345\/must-gather\.tar\.gz!\/bug-2019850-mco-level-early\/must-gather\.local\.\d+\//,
    );
  });

  it('reads a must-gather .tar.gz inside a case .zip', async () => {
    const z = new yazl.ZipFile();
    z.addBuffer(readFileSync(tgz), 'attachments/must-gather.tar.gz');
    z.end();
    const chunks: Buffer[] = [];
    for await (const chunk of z.outputStream) chunks.push(chunk as Buffer);
    const zip = join(work, 'case-03912345.zip');
    writeFileSync(zip, Buffer.concat(chunks));
    const f = findings(zip).find((x) => x.rule === 'mco-level-before-required-pools');
    assert.match(
      f?.file ?? '',
      /^case-03912345\.zip!\/attachments\/must-gather\.tar\.gz!\/bug-2019850-mco-level-early\//,
    );
  });

  it('refuses a file that is no archive, with one clear message', () => {
    const junk = join(work, 'notes.tar.gz');
    writeFileSync(junk, gzipSync(Buffer.from('just some notes, not a tar\n'.repeat(10))));
    const r = run('analyze', junk);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /notes\.tar\.gz/);
  });

  it('cache clear empties the cache', () => {
    assert.match(run('cache', 'clear').stdout, /removed \d+ entr/);
    assert.match(run('cache', 'list').stdout, /empty/);
  });
});

describe('CLI on an archive whose must-gather.local.* holds a stray namespaces/', () => {
  const sample = updates.stalled;
  const name = basename(sample);
  const copy = join(work, 'stray', name);
  cpSync(sample, copy, { recursive: true });
  const [dest] = readdirSync(copy).filter((n) => n.startsWith('must-gather.local.'));
  const stray = join(copy, dest!, 'namespaces', 'openshift-foo', 'core');
  mkdirSync(stray, { recursive: true });
  writeFileSync(
    join(stray, 'pods.yaml'),
    'apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n',
  );
  const tgz = join(work, 'stray.tar.gz');
  tar(tgz, '-czf', dirname(copy), name);

  it('analyses the image folder, with the findings of the unpacked fixture and a note', () => {
    interface Summary {
      root: string;
      counts: { nodes: number };
      notes: string[];
    }
    const json = (path: string) =>
      JSON.parse(run('analyze', path, '--format', 'json').stdout) as {
        summary: Summary[];
        findings: (Reported & { column: number; message: string })[];
      };
    const fromFolder = json(sample);
    const fromArchive = json(tgz);
    const prefix = `stray.tar.gz!/${name}/`;
    const key = (f: Reported & { column: number; message: string }, strip = '') =>
      `${f.rule} ${f.file.startsWith(strip) ? f.file.slice(strip.length) : `!${f.file}`}:${f.line}:${f.column} ${f.message}`;
    assert.ok(fromFolder.findings.length > 0);
    assert.deepEqual(
      fromArchive.findings.map((f) => key(f, prefix)).sort(),
      fromFolder.findings.map((f) => key(f)).sort(),
    );
    assert.equal(fromArchive.summary.length, 1);
    assert.equal(fromArchive.summary[0]!.counts.nodes, fromFolder.summary[0]!.counts.nodes);
    assert.deepEqual(fromArchive.summary[0]!.notes, [
      `\`${name}/${dest!}/namespaces/\` holds a partial tree beside the image folder (no \`cluster-scoped-resources/\` with it): it was not analysed`,
      ...fromFolder.summary[0]!.notes,
    ]);
  });
});
