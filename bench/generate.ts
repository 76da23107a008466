/**
 * Generates a large, realistic must-gather for the performance benchmark, deterministically:
 * the same preset and fraction always give the same bytes.
 *
 *   npm run bench:generate -- --preset small|large|large-lean-nodes|hosted [--fraction F] [--out DIR] [--force]
 *
 * Output: `<out>/<preset>-<fraction>/` (default out: `.cache/bench/`), reused while its marker
 * `<out>/<preset>-<fraction>.done.json` matches the generator version. bench/run.ts imports
 * `ensureGenerated` from bench/gen/ensure.ts.
 */
import { join } from 'node:path';
import { ensureGenerated } from './gen/ensure';
import { presets, type PresetName } from './gen/presets';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    'usage: bench:generate -- --preset small|large|large-lean-nodes|hosted [--fraction F] [--out DIR] [--force]',
  );
  process.exit(2);
}

function main(): void {
  const args = process.argv.slice(2);
  let preset: PresetName | undefined;
  let fraction = 1;
  let out = join(process.cwd(), '.cache', 'bench');
  let force = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => args[++i] ?? usage(`${a} needs a value`);
    if (a === '--preset') {
      const v = value();
      if (!(v in presets)) usage(`unknown preset ${v}`);
      preset = v as PresetName;
    } else if (a === '--fraction') {
      fraction = Number(value());
      if (!(fraction > 0 && fraction <= 1)) usage('--fraction must be in (0, 1]');
    } else if (a === '--out') out = value();
    else if (a === '--force') force = true;
    else usage(`unknown argument ${a}`);
  }
  if (!preset) usage('--preset is required');
  const info = ensureGenerated(preset, fraction, out, force);
  const gib = info.bytes / 1024 ** 3;
  console.log(
    [
      `${info.dir}`,
      `  files ${info.files}, ${gib.toFixed(2)} GiB (${(info.bytes / 1024 ** 2).toFixed(1)} MiB)`,
      info.machines !== undefined
        ? `  guest nodes ${info.nodes}, ClusterOperators ${info.operators}, NodePools ${info.pools}, Machines ${info.machines}`
        : `  nodes ${info.nodes}, ClusterOperators ${info.operators}, pools ${info.pools}, rendered MachineConfigs ${info.renderedConfigs}`,
      info.seconds > 0
        ? `  generated in ${info.seconds.toFixed(1)} s; YAML round trip checked on the first of ${info.checkedKinds.length} kinds`
        : '  reused (generated earlier; --force to regenerate)',
    ].join('\n'),
  );
}

main();
