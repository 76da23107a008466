/** The read threads of one CLI run. */
import { join } from 'node:path';
import { readPoolOf } from '../service';
import type { ReadPool } from '../service';
import { readThreads } from '../limits';

/**
 * `--jobs`, else the environment, else one: the threads started now, so that they are up by
 * the time the first files are read; none for one thread.
 */
export function readPoolFor(
  jobs: number | undefined,
  log: (line: string) => void,
): ReadPool | undefined {
  // Bundled beside the CLI (esbuild.mjs).
  const pool = readPoolOf(readThreads(jobs), join(__dirname, 'readWorker.js'), log);
  pool?.warm();
  return pool;
}
