/**
 * Issue 40 in the case summary: each cause shows the chain from the reporting operator down to
 * its root, each step at its file:line, the gather's words escaped (a log line is untrusted).
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture } from '../support/copyFixture';
import { mustGatherRoot, samples, updates } from '../support/fixtures';
import { runCli } from '../support/cli';

const run = (...args: string[]) => runCli('report', ...args);
const previousLog =
  'namespaces/openshift-apiserver/pods/apiserver-bjmpcchmxn-r5k64/openshift-apiserver/openshift-apiserver/logs/previous.log';

describe('case summary: the chain under each cause', () => {
  it('Markdown: a step a line, root last, each place in a code span', () => {
    const md = run(samples.apiserverCrashLoop).stdout;
    const causes = md.slice(md.indexOf('### Causes'));
    const chain = causes.slice(causes.indexOf('From the reporting operator down to the root:'));
    const steps = chain.split('\n\n')[1]!.split('\n');
    assert.equal(steps.length, 6, chain);
    assert.match(
      steps[0]!,
      /^- ClusterOperator openshift-apiserver: Degraded for 48m58s \(APIServerDeployment\\_UnavailablePod\) \(`cluster-scoped-resources\/config\.openshift\.io\/clusteroperators\/openshift-apiserver\.yaml:16`\)$/,
    );
    assert.match(
      steps[1]!,
      /^- → Deployment openshift-apiserver\/apiserver: 2 of 3 available \(`namespaces\/openshift-apiserver\/apps\/deployments\.yaml:\d+`\)$/,
    );
    assert.ok(steps[5]!.endsWith(`(\`${previousLog}:2\`)`), steps[5]);
    assert.ok(
      causes.indexOf('From the reporting operator') < causes.indexOf('2 findings:'),
      'the chain comes before the findings',
    );
  });

  it('says so of a step the gather lacks', () => {
    const md = run(updates.masterNotReady).stdout;
    assert.match(
      md,
      // A host name is link-like: a code span keeps it from becoming a link.
      /^- → node `ip-10-0-175-139\.eu-west-1\.compute\.internal`: not ready .* \(not in the gather\)$/m,
    );
    const html = run(updates.masterNotReady, '--format', 'html').stdout;
    assert.match(
      html,
      /<li>node ip-10-0-175-139\.eu-west-1\.compute\.internal: not ready [^<]* <span class="muted">not in the gather<\/span><\/li>/,
    );
  });

  it('HTML: an ordered list, the log line as code, each place as code', () => {
    const html = run(samples.apiserverCrashLoop, '--format', 'html').stdout;
    const list = /<ol class="chain">\n([\s\S]*?)\n<\/ol>/.exec(html)?.[1]?.split('\n') ?? [];
    assert.equal(list.length, 6, html);
    assert.match(
      list[5]!,
      /^<li>previous run’s log: <code>E0324 [^<]*private key does not match public key\)<\/code> <code>namespaces\/[^<]*previous\.log:2<\/code><\/li>$/,
    );
  });
});

describe('case summary: a hostile log line in the chain', () => {
  const injected = '<img src=x onerror=alert(1)> [x](javascript:alert(1)) `tick`';
  let copy: { path: string; remove(): void };
  before(() => {
    copy = copyFixture(samples.apiserverCrashLoop);
    const file = join(mustGatherRoot(copy.path), previousLog);
    const text = readFileSync(file, 'utf8');
    assert.ok(text.includes('Unable to create storage backend'));
    writeFileSync(file, text.replace('Unable to create storage backend', injected));
  });
  after(() => copy.remove());

  it('is escaped in Markdown and in HTML', () => {
    const md = run(copy.path).stdout;
    const step = md.split('\n').find((l) => l.startsWith('- → previous run’s log: '))!;
    assert.ok(
      step.includes('&lt;img src=x onerror=alert(1)&gt; \\[x\\](javascript:alert(1)) \\`tick\\`'),
      step,
    );
    const html = run(copy.path, '--format', 'html').stdout;
    assert.doesNotMatch(html, /<img/);
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt; [x](javascript:alert(1)) `tick`'));
  });
});
