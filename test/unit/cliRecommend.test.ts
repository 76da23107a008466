/** `must-gather-inspector recommend` as a user runs it: oc's sections, --version, --accept, exit codes, JSON. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RootRecommendReport } from '../../server/src/core/recommend';
import { runCli } from '../support/cli';
import { updates } from '../support/fixtures';

const mg = updates.recommend;

describe('cli recommend', () => {
  it("prints oc's sections in oc's order, each concern at its file:line", () => {
    const r = runCli('recommend', mg);
    assert.equal(r.code, 0, r.stderr);
    const out = r.stdout;
    const order = [
      'The following conditions found no cause for concern in updating this cluster to later releases: gather/KubeletSkew (AsExpected), recommended/CriticalAlerts (AsExpected)',
      'The following conditions found cause for concern in updating this cluster to later releases: gather/AdminAcks/',
      'recommended/PodDisruptionBudgetAlerts/PodDisruptionBudgetAtLimit/0=False: monitoring/prometheus/rules.json:1',
      'gather/PausedPools/infra=False: cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/infra.yaml:',
      'Upstream update service is unset, so the cluster will use an appropriate default.',
      'Channel: stable-4.16 (available channels: candidate-4.15, candidate-4.16, eus-4.16',
      'Updates to 4.16:',
      '  Version: 4.16.3 cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml:',
      '  Reason: MultipleReasons',
      "And 2 older 4.16 updates you can see with '--show-outdated-releases' or '--version VERSION'.",
      'Updates to 4.15:',
      '  VERSION     ISSUES',
      '  4.15.25     no known issues relevant to this cluster cluster-scoped-resources/',
      "And 3 older 4.15 updates you can see with '--show-outdated-releases' or '--version VERSION'.",
    ];
    let at = 0;
    for (const line of order) {
      const i = out.indexOf(line, at);
      assert.ok(i >= at, `"${line}" after position ${at}:\n${out}`);
      at = i + line.length;
    }
    // Every concern's block names its evidence.
    for (const m of out.matchAll(/^(\S+)=(False|Unknown|True):(.*)$/gm))
      assert.match(m[3] ?? '', /^ \S+:\d+$/, `${m[1]} names its evidence`);
  });

  it('--show-outdated-releases lists every release of each minor with its issue', () => {
    const r = runCli('recommend', mg, '--show-outdated-releases');
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^ {2}4\.16\.0 +MultipleReasons /m);
    assert.match(r.stdout, /^ {2}4\.15\.21 +no known issues relevant to this cluster /m);
    assert.doesNotMatch(r.stdout, /And \d+ older/);
    // JSON says the same: none outdated, none counted hidden.
    const json = runCli('recommend', mg, '--show-outdated-releases', '--format', 'json');
    const [root] = (JSON.parse(json.stdout) as { roots: RootRecommendReport[] }).roots;
    assert.equal(root?.updates.length, 9);
    assert.deepEqual(
      root.updates.filter((u) => u.outdated).map((u) => u.version),
      [],
    );
    assert.deepEqual(root.olderHidden, {});
  });

  it("prints the updates in oc's layout: one blank line before each long form, none after the last row", () => {
    const out = runCli('recommend', mg).stdout.replace(/ \S+\.yaml:\d+$/gm, '');
    assert.match(
      out,
      /for further details\n\n {2}Version: 4\.16\.2\n[\s\S]*for further details\n\nAnd 2 older 4\.16 updates/,
    );
    assert.match(
      out,
      /And 3 older 4\.15 updates you can see with '--show-outdated-releases' or '--version VERSION'\.\n$/,
    );
  });

  it('--version: exit 1 with the concerns not accepted, 0 once they all are', () => {
    const open = runCli('recommend', mg, '--version', '4.15.25');
    assert.equal(open.code, 1);
    assert.match(
      open.stdout,
      /Update to 4\.15\.25 has no known issues relevant to this cluster\.\nImage: quay\.io\/openshift-release-dev\/ocp-release@sha256:[0-9a-f]{64}\nRelease URL: https:\/\/access\.redhat\.com\/errata\//,
    );
    assert.equal(
      open.stderr,
      'error: issues that apply to this cluster but which were not included in --accept: KubeContainerWaiting,NodeUnavailable,PausedPool,PodDisruptionBudgetAtLimit,PoolNotReady\n',
    );
    const all = runCli(
      'recommend',
      mg,
      '--version',
      '4.15.25',
      '--accept',
      'KubeContainerWaiting,NodeUnavailable',
      '--accept=PausedPool,PodDisruptionBudgetAtLimit,PoolNotReady',
    );
    assert.equal(all.code, 0, all.stderr);
    assert.match(
      all.stdout,
      /Update to 4\.15\.25 has no known issues relevant to this cluster other than the accepted KubeContainerWaiting,NodeUnavailable,PausedPool,PodDisruptionBudgetAtLimit,PoolNotReady\.\n/,
    );
    // Accepted concerns are listed apart, and their blocks marked.
    assert.match(
      all.stdout,
      /but were explicitly accepted via --accept: .*gather\/PausedPools\/infra/,
    );
    assert.match(all.stdout, /^accepted gather\/PausedPools\/infra=False:/m);
    // A not-recommended target: its reason, and ConditionalUpdateRisk among the issues.
    const risky = runCli(
      'recommend',
      mg,
      '--version',
      '4.16.1',
      '--accept',
      'ConditionalUpdateRisk',
    );
    assert.equal(risky.code, 1);
    assert.match(
      risky.stdout,
      /Update to 4\.16\.1 Recommended=False:\nImage: .*\nRelease URL: .*\nReason: accepted MultipleReasons via ConditionalUpdateRisk\n/,
    );
    assert.doesNotMatch(risky.stderr, /ConditionalUpdateRisk/);
  });

  it('--version of a release not offered, and bad usage', () => {
    const missing = runCli('recommend', mg, '--version', '4.16.9');
    assert.equal(missing.code, 1);
    assert.equal(
      missing.stderr,
      'error: no update to 4.16.9 available, so cannot display context for the requested release\n',
    );
    assert.equal(runCli('recommend', mg, '--version', 'v4.16.3').code, 2, 'not SemVer');
    const both = runCli('recommend', mg, '--version', '4.16.3', '--show-outdated-releases');
    assert.equal(both.code, 2);
    assert.match(both.stderr, /when --version is set, --show-outdated-releases is unnecessary/);
    // Elsewhere --version is still the program's.
    assert.match(runCli('--version').stdout, /^\d+\.\d+\.\d+\n$/);
  });

  it('an OKD z-stream target exits 0 as oc does; what the gather lacks is said not checked', () => {
    const okd = updates.recommendOkd;
    const z = runCli('recommend', okd, '--version', '4.19.0-okd-scos.12');
    assert.equal(z.code, 0, z.stderr);
    assert.equal(z.stderr, '');
    assert.match(
      z.stdout,
      /Update to 4\.19\.0-okd-scos\.12 has no known issues relevant to this cluster\./,
    );
    const minor = runCli('recommend', okd, '--version', '4.20.0-okd-scos.ec.14');
    assert.equal(minor.code, 1);
    assert.equal(
      minor.stderr,
      'error: issues that apply to this cluster but which were not included in --accept: AdminAckUnknown\n',
    );
    const all = runCli('recommend', okd).stdout;
    assert.match(
      all,
      /^The following conditions could not be checked, as the must-gather does not hold what they read: gather\/KubeletSkew, gather\/NodesUnavailable, gather\/OperatorsNotUpgradeable, gather\/PausedPools, gather\/PodDisruptionBudgets, gather\/PoolsNotReady$/m,
    );
    assert.match(all, /^ {2}gather\/PodDisruptionBudgets: PodDisruptionBudgets were not gathered/m);
    assert.doesNotMatch(
      all,
      /gather\/(PausedPools|NodesUnavailable|PodDisruptionBudgets) \(AsExpected\)/,
    );
    assert.match(
      all,
      /Updates to 4\.19:\n {2}VERSION {12}ISSUES\n {2}4\.19\.0-okd-scos\.12 no known/,
    );
  });

  it("Progressing: oc's sentence, then the ClusterVersion's message as it is", () => {
    const r = runCli('recommend', updates.stalled);
    assert.match(
      r.stdout,
      /^info: An update is in progress\. {2}You may wish to let this update complete before requesting a new update\. \S+version\.yaml:\d+\n {2}Unable to apply 4\.15\.3: wait has exceeded 40 minutes for these operators: machine-config\n\n/m,
    );
  });

  it('JSON: the contract of issue 29, null for absent values, files and lines placed', () => {
    const r = runCli('recommend', mg, '--format', 'json', '--version', '4.16.1');
    assert.equal(r.code, 1);
    const [root] = (JSON.parse(r.stdout) as { roots: RootRecommendReport[] }).roots;
    assert.ok(root);
    assert.deepEqual(Object.keys(root), [
      'root',
      'gatherTime',
      'version',
      'channel',
      'availableChannels',
      'upstream',
      'clusterConditions',
      'checks',
      'updates',
      'olderHidden',
      'target',
    ]);
    assert.equal(root.gatherTime, '2024-07-30T13:52:07Z');
    assert.equal(root.upstream, null);
    const check = root.checks.find((c) => c.name === 'gather/PausedPools/infra')!;
    assert.deepEqual(Object.keys(check), [
      'name',
      'status',
      'reason',
      'message',
      'acceptName',
      'level',
      'file',
      'line',
    ]);
    assert.ok(check.file?.endsWith('machineconfigpools/infra.yaml') && (check.line ?? 0) > 1);
    const happy = root.checks.find((c) => c.status === 'True')!;
    assert.equal(happy.acceptName, null);
    assert.equal(happy.file, null);
    const u = root.updates.find((x) => x.version === '4.16.1')!;
    assert.deepEqual(Object.keys(u), [
      'version',
      'image',
      'url',
      'minor',
      'recommended',
      'reason',
      'message',
      'risks',
      'outdated',
      'file',
      'line',
    ]);
    assert.deepEqual(
      u.risks.map((x) => Object.keys(x)),
      u.risks.map(() => ['name', 'message', 'url']),
    );
    assert.equal(root.target?.found, true);
    assert.equal(root.target?.recommended, false);
    assert.ok(root.target?.unaccepted.includes('ConditionalUpdateRisk'));
  });
});
