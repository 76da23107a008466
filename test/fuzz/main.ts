/**
 * `npm run fuzz -- [--iterations N] [--seed S] [--from I] [--out DIR]`: the fuzz test for longer
 * than the unit suite runs it. Exits 1 when any iteration fails; each failure's inputs are in
 * `<out>/<seed>-<iteration>/` (default `test-results/fuzz`).
 */
import { join, resolve } from 'node:path';
import { runFuzz } from './fuzz';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isSafeInteger(v) || v < 0) {
    console.error(
      `--${name} takes a non-negative integer, not ${process.argv[i + 1] ?? 'nothing'}`,
    );
    process.exit(2);
  }
  return v;
}

async function main(): Promise<void> {
  const iterations = option('iterations', 1000);
  const seed = option('seed', 20261130);
  const from = option('from', 0);
  const o = process.argv.indexOf('--out');
  const outDir = resolve(o === -1 ? join('test-results', 'fuzz') : (process.argv[o + 1] ?? '.'));
  console.log(`fuzz: seed ${seed}, iterations ${from}..${from + iterations - 1}`);
  const r = await runFuzz({
    iterations,
    seed,
    from,
    outDir,
    log: (m) => console.log(m),
    onIteration: (i, ms, mutations) => {
      if (ms > 2000)
        console.log(`slow: iteration ${i} took ${ms.toFixed(0)} ms: ${mutations.join('; ')}`);
    },
  });
  const s = r.ms / 1000;
  console.log(`iterations: ${r.iterations}`);
  console.log(`failures:   ${r.failures.length}`);
  console.log(
    `time:       ${s.toFixed(1)} s (${(r.ms / Math.max(1, r.iterations)).toFixed(1)} ms each, slowest ${r.slowest.ms.toFixed(0)} ms at ${r.slowest.iteration})`,
  );
  console.log(`rate:       ${(r.iterations / s).toFixed(0)} iterations/s`);
  console.log(
    `mutations:  ${Object.entries(r.kinds)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  for (const f of r.failures) console.log(`failed: ${f.dir}`);
  process.exit(r.failures.length > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
