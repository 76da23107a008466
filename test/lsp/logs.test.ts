import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { fixturesDir, samples } from '../support/fixtures';
import { LspClient } from './lspClient';

const reduced = join(fixturesDir, 'update-stalled-reduced-logs');

function find(dir: string, re: RegExp): string {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) {
      const hit = find(p, re);
      if (hit) return hit;
    } else if (re.test(p)) return p;
  }
  return '';
}

describe('gzipped pod logs over stdio', () => {
  let lsp: LspClient;
  const gz = find(reduced, /cluster-version-operator\/logs\/current\.log\.gz$/);
  before(async () => {
    lsp = await LspClient.start([reduced]);
  });
  after(() => lsp.stop());

  it('publishes cvo-waiting-on-operator on the .gz file, at its line of the gunzipped text', async () => {
    assert.ok(gz);
    const d = await lsp.waitFor('cvo-waiting-on-operator on current.log.gz', () =>
      lsp.diagnosticsFor(gz)?.find((x) => x.code === 'cvo-waiting-on-operator'),
    );
    const lines = gunzipSync(readFileSync(gz)).toString('utf8').split('\n');
    assert.match(
      lines[d.range.start.line] ?? '',
      /Result of work: \[Cluster operator machine-config/,
    );
  });

  it('answers mustGatherInspector/logText with the text the analysis read', async () => {
    await lsp.idle();
    const r = (await lsp.connection.sendRequest('mustGatherInspector/logText', {
      uri: pathToFileURL(gz).toString(),
    })) as { text: string; firstLine: number };
    assert.equal(r.firstLine, 0);
    assert.equal(r.text, gunzipSync(readFileSync(gz)).toString('utf8'));
  });

  it('reads no file outside the must-gathers it analyses', async () => {
    const outside = join(samples.workerBlocksMco, '..', 'README.md');
    await assert.rejects(
      lsp.connection.sendRequest('mustGatherInspector/logText', {
        uri: pathToFileURL(outside).toString(),
      }),
      /not a log of an analysed must-gather/,
    );
  });
});
