/**
 * The user's settings as the server reads them: `mustGatherInspector.rules` per resource (asked
 * with the must-gather root's URI, so a folder's own settings apply to it),
 * `mustGatherInspector.limits` per window, and the client's initialisation options.
 */
import { isAbsolute, sep } from 'node:path';
import { allRuleIds, defaultCacheDir, isRuleLevel, ruleLevelNames } from '../service';
import type { RuleLevels } from '../service';
import { pathToFileURL } from 'node:url';
import type { Connection } from 'vscode-languageserver';
import { limitsFrom } from '../limits';
import type { Limits } from '../limits';

export class Settings {
  constructor(
    private readonly connection: Connection,
    private readonly supported: () => boolean,
  ) {}

  /** Rule levels for one must-gather root (resource scope). */
  async ruleLevels(rootPath: string): Promise<RuleLevels> {
    if (!this.supported()) return {};
    let raw: unknown;
    try {
      raw = await this.connection.workspace.getConfiguration({
        scopeUri: pathToFileURL(rootPath).href,
        section: 'mustGatherInspector.rules',
      });
    } catch (err) {
      // A client that cannot answer still gets its must-gathers analysed, with every default.
      this.connection.console.warn(`could not read mustGatherInspector.rules: ${String(err)}`);
      return {};
    }
    return ruleLevelsFrom(raw, (m) => this.connection.console.warn(m));
  }

  /** The bounds on work per file (window scope). */
  async limits(): Promise<Limits | undefined> {
    if (!this.supported()) return undefined;
    let raw: unknown;
    try {
      raw = await this.connection.workspace.getConfiguration('mustGatherInspector.limits');
    } catch (err) {
      this.connection.console.warn(`could not read mustGatherInspector.limits: ${String(err)}`);
      return undefined;
    }
    return limitsFrom(raw, (m) => this.connection.console.warn(m));
  }
}

/** Reads the `mustGatherInspector.rules` setting, ignoring (and reporting) unknown entries. */
function ruleLevelsFrom(raw: unknown, warn: (m: string) => void): RuleLevels {
  const out: RuleLevels = {};
  if (raw === null || typeof raw !== 'object') return out;
  const known = allRuleIds();
  for (const [id, level] of Object.entries(raw as Record<string, unknown>)) {
    if (!known.includes(id)) warn(`mustGatherInspector.rules: unknown rule "${id}"`);
    else if (!isRuleLevel(level))
      warn(
        `mustGatherInspector.rules.${id}: "${String(level)}" is not one of ${ruleLevelNames.join(', ')}`,
      );
    else out[id] = level;
  }
  return out;
}

/**
 * Where to remember diagnostics between runs: `initializationOptions.storageDir` (the VS Code
 * client passes its global storage folder). None when absent or inside a workspace folder.
 */
export function storageDirFrom(options: unknown, folders: string[]): string | undefined {
  return folderOption(optionsRecord(options), 'storageDir', folders);
}

/** The commands the client runs from links in hovers (initialisation option `commandLinks`). */
export function commandLinksFrom(options: unknown): string[] {
  const links = optionsRecord(options).commandLinks;
  return Array.isArray(links) ? links.filter((c): c is string => typeof c === 'string') : [];
}

function optionsRecord(options: unknown): Record<string, unknown> {
  return options !== null && typeof options === 'object'
    ? (options as Record<string, unknown>)
    : {};
}

/** An initialisation option naming a folder to write in: absolute and outside every folder. */
function folderOption(
  options: Record<string, unknown>,
  name: string,
  folders: string[],
): string | undefined {
  const dir = options[name];
  if (typeof dir !== 'string' || !isAbsolute(dir)) return undefined;
  const inside = folders.some((f) => dir === f || dir.startsWith(f + sep));
  return inside ? undefined : dir;
}

/** What the client says of archives in `initializationOptions`. */
export interface ArchiveOptions {
  /** Where archives are extracted: `cacheDir` when absolute and outside every folder. */
  cacheDir: string;
  /**
   * Whether archives found in the workspace folders are extracted and analysed at once. True
   * unless the client says `openArchives: false` (the VS Code client offers them instead).
   */
  openArchives: boolean;
}

export function archiveOptionsFrom(options: unknown, folders: string[]): ArchiveOptions {
  const o = optionsRecord(options);
  return {
    cacheDir: folderOption(o, 'cacheDir', folders) ?? defaultCacheDir(),
    openArchives: o.openArchives !== false,
  };
}
