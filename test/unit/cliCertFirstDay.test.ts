/**
 * `analyze` on a cluster's first day (`update-first-day`): the installer's one-day bootstrap
 * signers in the pools' certExpirys, due for rotation 17 hours after the gather, are info, never a
 * warning or an error (docs/domain/certificates.md).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fixturesDir } from '../support/fixtures';
import { runCli } from '../support/cli';

const firstDay = join(fixturesDir, 'update-first-day');

interface Reported {
  rule: string;
  severity: string;
  subject: string;
  file: string;
  message: string;
  detail?: string;
}

describe('CLI analyze: a cluster on its first day', () => {
  it('reports the bootstrap signers of update-first-day as info, with no warning or error', () => {
    const r = runCli('analyze', firstDay, '--format', 'json');
    assert.equal(r.code, 0, `no error finding; stderr: ${r.stderr}`);
    const findings = (JSON.parse(r.stdout) as { findings: Reported[] }).findings;
    const certs = findings.filter((f) => f.rule === 'pool-cert-expiry');
    assert.deepEqual(
      certs.map((f) => [f.severity, f.subject]),
      [
        ['info', 'mcp/master'],
        ['info', 'mcp/worker'],
      ],
    );
    for (const f of certs) {
      assert.match(
        f.message,
        /^Pool (master|worker): the installer's 2 one-day bootstrap CAs expire within a day, on the cluster's first day; their successors are due by 2024-09-13T07:53:33Z$/,
      );
      const words = `${f.message}\n${f.detail ?? ''}`;
      assert.match(
        words,
        /on the cluster's first day \(installed 2024-09-12T12:40:21Z, 1h57m before the gather\)/,
      );
      assert.match(
        words,
        /CN=kubelet-signer,OU=openshift expires 2024-09-13T12:36:21Z, 21h58m after the gather/,
      );
      assert.match(
        words,
        /These are the installer's one-day bootstrap signers; the kube-controller-manager operator replaces them/,
      );
      assert.doesNotMatch(words, /kube-apiserver-to-kubelet-signer|kube-control-plane-signer/);
    }
    assert.deepEqual(
      findings.filter((f) => f.severity === 'error' || f.severity === 'warning'),
      [],
      'healthy otherwise',
    );
  });
});
