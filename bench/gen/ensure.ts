/**
 * Generated must-gathers are cached under `<outRoot>/<preset>-<fraction>/`, with a marker
 * `<outRoot>/<preset>-<fraction>.done.json` (outside the must-gather tree) holding the generator
 * version and the figures. A marker with the current version means the output can be reused.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate, type GeneratedInfo } from './build';
import { generateHosted } from './hosted';
import { presets, type PresetName } from './presets';

export type { GeneratedInfo } from './build';

/** Bump whenever the output changes, so stale caches are regenerated. */
export const GENERATOR_VERSION = 5;

function outputName(preset: PresetName, fraction: number): string {
  return `${preset}-${fraction}`;
}

interface Marker {
  version: number;
  info: GeneratedInfo;
}

function readMarker(path: string): Marker | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const m = JSON.parse(readFileSync(path, 'utf8')) as Marker;
    return m.version === GENERATOR_VERSION ? m : undefined;
  } catch {
    return undefined;
  }
}

/** Generates (or reuses) the must-gather for `preset` at `fraction` under `outRoot`. */
export function ensureGenerated(
  preset: PresetName,
  fraction: number,
  outRoot: string,
  force = false,
): GeneratedInfo {
  if (!(fraction > 0 && fraction <= 1)) throw new Error(`fraction must be in (0, 1]: ${fraction}`);
  const name = outputName(preset, fraction);
  const dir = join(outRoot, name);
  const markerPath = join(outRoot, `${name}.done.json`);
  const marker = force ? undefined : readMarker(markerPath);
  if (marker && existsSync(dir)) return { ...marker.info, dir, seconds: 0 };
  mkdirSync(outRoot, { recursive: true });
  rmSync(markerPath, { force: true });
  // Deleting an earlier output is not part of the generation time.
  rmSync(dir, { recursive: true, force: true });
  const t0 = performance.now();
  const p = presets[preset];
  const made = p.hosted ? generateHosted(p, fraction, dir) : generate(p, fraction, dir);
  const info: GeneratedInfo = { ...made, seconds: (performance.now() - t0) / 1000 };
  writeFileSync(markerPath, `${JSON.stringify({ version: GENERATOR_VERSION, info }, null, 2)}\n`);
  return info;
}
