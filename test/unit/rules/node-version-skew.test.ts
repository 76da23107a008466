import type { Json } from '../../../server/src/model/access';
import { nodeVersionSkew } from '../../../server/src/rules/nodeVersionSkew';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

const masterRole = 'node-role.kubernetes.io/master';

ruleTester(nodeVersionSkew, {
  valid: [
    {
      name: 'stays quiet within the supported kubelet skew (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      reason: 'seed 1943289: workers trail by a z-stream only',
    },
  ],
  invalid: [
    {
      name: 'warns beyond the supported kubelet skew (the first worker on kubelet 1.17)',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) => {
        const worker = s.nodes.find((n) => !(masterRole in n.labels))!;
        ((worker.raw.status as Json).nodeInfo as Json).kubeletVersion = 'v1.17.1+45f8ddb';
      }),
      findings: [
        {
          severity: 'warning',
          subject: 'node/ip-10-0-128-248.ec2.internal',
          message: [
            /runs kubelet v1\.17\.1\+45f8ddb, 3 minor versions behind the control plane's v?1\.20/,
            /supports at most 2/,
          ],
        },
      ],
    },
  ],
});
