/**
 * Measurement: a must-gather as a `.tar.gz`. `analyze` on the archive with an empty cache
 * (extraction into the cache, then the analysis) against the system `tar -xzf` of the same file,
 * alone and followed by `analyze` on the folder it wrote; and `analyze` again once the cache is
 * filled. Every timed run writes into a fresh, empty folder; the tree is removed (it is
 * read-only: modes are given back first) and `sync` returns before the next run, so no run pays
 * for the writeback or removal of another. Rounds are taken in turn after one warm-up round.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ArchiveInfo } from '../gen/archive';
import { median, runProcess } from './proc';

export interface ArchiveBench {
  info: ArchiveInfo;
  /** Rounds measured after the warm-up round. */
  runs: number;
  /** (a) `tar -xzf` into an empty folder. */
  tarMs: number;
  /** `analyze` on the folder `tar` has just written (the second half of c). */
  folderAnalyzeMs: number;
  /** (c) `tar -xzf`, then `analyze` on the folder. */
  tarAnalyzeMs: number;
  /** (b) `analyze` on the archive, empty cache: extraction and analysis. */
  archiveMs: number;
  archiveMaxRssMiB: number;
  /** (d) `analyze` on the archive again, its extraction in the cache. */
  warmMs: number;
  /** The extraction alone: (b) minus `analyze` on the folder. */
  extractMs: number;
  findings: number;
}

/** Each finding's rule and place, the file named from the top folder on. */
function story(stdout: string, top: string): string[] {
  const r = JSON.parse(stdout) as { findings: { rule: string; file: string; line: number }[] };
  return r.findings
    .map((f) => {
      const at = f.file.indexOf(top);
      return `${f.rule} ${at < 0 ? f.file : f.file.slice(at)}:${f.line}`;
    })
    .sort();
}

/** Extracted trees are read-only (files 0444, folders 0555): writable again, then removed. */
function removeTree(dir: string): void {
  spawnSync('chmod', ['-R', 'u+w', dir]);
  rmSync(dir, { recursive: true, force: true });
  spawnSync('sync');
}

interface Round {
  tar: number;
  folder: number;
  cold: number;
  coldRssMiB: number;
  warm: number;
  stories: string[][];
}

export function measureArchive(
  cli: string,
  info: ArchiveInfo,
  workDir: string,
  runs = 3,
): ArchiveBench {
  const node = process.execPath;
  mkdirSync(workDir, { recursive: true });
  // Exit 1 means "findings at error level", which this must-gather has.
  const analyze = (args: string[]) =>
    runProcess(node, [cli, 'analyze', ...args, '--format', 'json'], [0, 1]);
  const round = (): Round => {
    const out = mkdtempSync(join(workDir, 'tar-'));
    let tar, folder;
    try {
      tar = runProcess('tar', ['-xzf', info.path, '-C', out]);
      folder = analyze([out]);
    } finally {
      removeTree(out);
    }
    const cache = mkdtempSync(join(workDir, 'cache-'));
    let cold, warm;
    try {
      cold = analyze([info.path, '--cache-dir', cache]);
      warm = analyze([info.path, '--cache-dir', cache]);
    } finally {
      removeTree(cache);
    }
    return {
      tar: tar.ms,
      folder: folder.ms,
      cold: cold.ms,
      coldRssMiB: cold.maxRssMiB ?? 0,
      warm: warm.ms,
      stories: [folder, cold, warm].map((r) => story(r.stdout, info.top)),
    };
  };
  const warmUp = round();
  const rounds = Array.from({ length: runs }, round);
  const expected = warmUp.stories[0] ?? [];
  for (const s of [warmUp, ...rounds].flatMap((r) => r.stories)) {
    if (s.join('\n') !== expected.join('\n')) {
      throw new Error(
        `analyze on the archive and on the folder report other findings:\n${s.join('\n')}`,
      );
    }
  }
  const pick = (f: (r: Round) => number) => median(rounds.map(f));
  const folderAnalyzeMs = pick((r) => r.folder);
  const archiveMs = pick((r) => r.cold);
  return {
    info,
    runs,
    tarMs: pick((r) => r.tar),
    folderAnalyzeMs,
    tarAnalyzeMs: pick((r) => r.tar + r.folder),
    archiveMs,
    archiveMaxRssMiB: pick((r) => r.coldRssMiB),
    warmMs: pick((r) => r.warm),
    extractMs: archiveMs - folderAnalyzeMs,
    findings: expected.length,
  };
}
