/**
 * ocl-build-failed: a pool opted into on-cluster layering (a MachineOSConfig names it) whose
 * current OS image build failed, so none of its nodes can take the new rendered config. 4.20+:
 * the build controller sets the pool's `ImageBuildDegraded=True` (reason `BuildFailed`, `Failed
 * to build OS image for pool P (MachineOSBuild: B): …`), the node controller counts it into
 * Degraded (`Custom OS image build failed`) and sets Updating=False `Pool update stopped due to
 * OS image build failure (mosb: B)`. 4.19 sets no pool condition: the MachineOSBuild's own
 * `Failed` (or `Interrupted`) condition is the signal (MCO release-4.19/4.20/main
 * `pkg/controller/node/status.go`, `pkg/controller/build/reconciler.go`).
 */
import { atLeast, parseRelease } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { buildFailure, stoppedMosb } from './common/buildText';
import { paragraphs } from './common/words';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { clip, when } from '../core/text';
import { imageBuildCause, poolSymptoms } from './common/consequences';

export const oclBuildFailed: Rule = {
  meta: {
    id: 'ocl-build-failed',
    defaultSeverity: 'error',
    levels: 'error',
    description: "an on-cluster layering pool's OS image build failed (MachineOSBuild Failed)",
    explanation:
      "a pool opted into on-cluster layering (MachineOSConfig) whose current MachineOSBuild is `Failed` or `Interrupted`, or the pool reports `ImageBuildDegraded=True` (4.20+) or `BuildFailed`: names the MachineOSConfig, the build, its Job and the pool's conditions; no node takes the new config until a build succeeds.",
    impact: 'Update Stalled',
    reads: [
      'ClusterVersion',
      'ClusterOperator',
      'MachineConfigPool',
      'MachineOSConfig',
      'MachineOSBuild',
    ],
    leadsTo: [...poolSymptoms],
    // A pool Degraded through its failed image build alone.
    explains: [{ rule: 'pool-degraded', cause: imageBuildCause }],
  },
  check(s: Snapshot, _context: RuleContext) {
    const release = parseRelease(s.clusterVersion?.desiredVersion);
    const mco = s.operators.find((o) => o.name === 'machine-config');
    return s.pools.flatMap((p) => {
      const failure = buildFailure(s, p);
      if (!failure) return [];
      const { mosc, build, buildCond, poolCond } = failure;
      const state = buildCond?.type;
      const since = buildCond?.lastTransitionTime ?? poolCond?.lastTransitionTime;
      const updating = p.condition('Updating');
      const stopped = updating && stoppedMosb.test(updating.message) ? updating : undefined;
      const degraded = p.condition('Degraded');
      const job = build?.job;
      const what = build
        ? `MachineOSBuild ${build.name}${mosc ? ` of MachineOSConfig ${mosc.name}` : ''}${build.renderedConfig ? ` (for ${build.renderedConfig})` : ''}`
        : `The OS image build${mosc ? ` of MachineOSConfig ${mosc.name}` : ''}`;
      const buildText = buildCond
        ? ` is ${state} since ${when(since, s.gatherTime)}: ${clip([buildCond.reason, buildCond.message].filter((t) => t !== '').join(': ') || 'no reason given', 200)}.`
        : build
          ? ' failed (the build reports no Failed condition).'
          : ' failed (the gather holds no MachineOSBuild of the pool).';
      const poolText = poolCond
        ? `The pool reports ${poolCond.type}=True${poolCond.reason ? ` (${poolCond.reason})` : ''}: ${clip(poolCond.message || 'no message', 300)}.`
        : '';
      const jobText = job
        ? `The build ran as Job ${job.namespace ? `${job.namespace}/` : ''}${job.name}: its pod's log names the failing Containerfile step (\`oc logs job/${job.name}${job.namespace ? ` -n ${job.namespace}` : ''}\`).`
        : '';
      const effect = atLeast(release, 4, 20)
        ? `From 4.20 the node controller counts a failed build into the pool's Degraded and stops its update${stopped ? ` (Updating=False: ${clip(stopped.message, 160)})` : ''}: no node gets the new image until a build succeeds.`
        : release && atLeast(release, 4, 19)
          ? 'On 4.19 the pool is not marked Degraded for it: it waits for an image that will not come, and no node takes the new config.'
          : 'No node of the pool takes the new config until a build succeeds.';
      const upg = mco?.conditions.find((c) => c.type === 'Upgradeable');
      const blocksUpgrade =
        upg?.status === 'False' &&
        (upg.reason === 'InterruptedBuild' ||
          (upg.reason === 'DegradedPool' && degraded?.status === 'True'));
      const remedy =
        "Fix the MachineOSConfig's `containerFile` (or the base or push secrets and image push spec) and the controller builds again; the annotation `machineconfiguration.openshift.io/rebuild` on the MachineOSConfig retries the same build.";
      // The build's own words (`Build Failed`) in a few: they close a parenthesis, never the line.
      const said = buildCond
        ? ` (${clip(buildCond.message || buildCond.reason || 'no reason given', 60)})`
        : '';
      const message =
        `Pool ${p.name} cannot roll out: its on-cluster OS image build` +
        (buildCond && build
          ? ` ${build.name} is ${state}${said}`
          : `${build ? ` ${build.name}` : ''} failed (the pool reports ${poolCond?.type ?? 'a failed build'}=True)`) +
        (blocksUpgrade ? '; minor updates are blocked too' : '');
      const detail = paragraphs(
        what + buildText,
        `${poolText} ${jobText}`,
        effect,
        blocksUpgrade &&
          `machine-config reports Upgradeable=False (${upg.reason}), so minor updates are blocked too.`,
        remedy,
      );
      const location = buildCond?.location ?? poolCond?.location ?? p.at('status');
      return [
        finding(
          oclBuildFailed,
          p.subject,
          location,
          { message, detail },
          [
            buildCond && poolCond
              ? rel(poolCond.location, `pool ${p.name} ${poolCond.type}=True`)
              : undefined,
            rel(p.at('metadata', 'name'), `pool ${p.name}`),
            stopped ? rel(stopped.location, `pool ${p.name} Updating=False`) : undefined,
            degraded?.status === 'True'
              ? rel(degraded.location, `pool ${p.name} Degraded=True`)
              : undefined,
            mosc
              ? rel(
                  mosc.at('spec', 'containerFile'),
                  `MachineOSConfig ${mosc.name}: the Containerfile the build ran`,
                )
              : undefined,
            build?.job
              ? rel(build.at('status', 'builder', 'job'), `build Job ${build.job.name}`)
              : undefined,
            blocksUpgrade
              ? rel(upg.location, `machine-config Upgradeable=False (${upg.reason})`)
              : undefined,
          ],
          undefined,
          since,
        ),
      ];
    });
  },
};
