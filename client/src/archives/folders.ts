/**
 * Where an extracted archive goes in the window, decided without VS Code so it can be tested:
 * a window that is already a workspace (saved or untitled) gains a folder; a single-folder or
 * empty window is reopened as a workspace saved in the extension's storage, so adding the folder
 * never leaves the user facing a "save workspace?" prompt.
 */
import { createHash } from 'node:crypto';

export interface FolderEntry {
  path: string;
  name?: string;
}

/** What the window holds now. */
export interface WindowState {
  /** `file` for a saved .code-workspace, `untitled` for an unsaved one, none for a folder window. */
  workspaceFile?: 'file' | 'untitled';
  folders: FolderEntry[];
}

export type Placement =
  | { kind: 'present'; index: number }
  | { kind: 'add'; folder: FolderEntry }
  | { kind: 'reopen'; workspaceFileName: string; content: WorkspaceFileContent };

interface WorkspaceFileContent {
  folders: FolderEntry[];
  settings: Record<string, unknown>;
}

/** `files.readonlyInclude` takes absolute globs: every extraction in the cache is read-only. */
export function readonlyGlob(cacheDir: string): string {
  return `${cacheDir.replace(/\\/g, '/').replace(/\/$/, '')}/**`;
}

/** The workspace folder of an extracted archive: `must-gather.tar.gz (extracted)`. */
export function extractedName(archiveName: string): string {
  return `${archiveName} (extracted)`;
}

export function placeExtracted(
  state: WindowState,
  extracted: FolderEntry,
  cacheDir: string,
): Placement {
  const index = state.folders.findIndex((f) => f.path === extracted.path);
  if (index >= 0) return { kind: 'present', index };
  if (state.workspaceFile !== undefined) return { kind: 'add', folder: extracted };
  const folders = [...state.folders, extracted];
  const key = createHash('sha256')
    .update(folders.map((f) => f.path).join('\0'))
    .digest('hex')
    .slice(0, 16);
  const first = state.folders[0]?.name ?? state.folders[0]?.path.split(/[\\/]/).pop();
  // Only characters that survive a URL query unescaped (code-server reads `+` as a space).
  const label = (first ? `${first}_${extracted.name ?? 'archive'}` : (extracted.name ?? 'archive'))
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_$/, '')
    .slice(0, 80);
  return {
    kind: 'reopen',
    // the key in a folder, so that the workspace's name is the label alone
    workspaceFileName: `${key}/${label}.code-workspace`,
    content: { folders, settings: { 'files.readonlyInclude': { [readonlyGlob(cacheDir)]: true } } },
  };
}
