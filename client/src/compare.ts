/**
 * "Must-Gather: Compare Rendered MachineConfigs": picks two rendered configs (or takes them from
 * the explorer selection or a pool's code lens), opens VS Code's diff on two read-only virtual
 * documents with the server's normalised text, and the semantic summary beside it.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  CompareSummaryRequest,
  MachineConfigsRequest,
  NormalizedConfigRequest,
} from '../../server/src/protocol/messages';
import type { MachineConfigEntry } from '../../server/src/protocol/messages';

export const scheme = 'mustgather-mc';

interface Pair {
  root: string;
  a: string;
  b: string;
}

/** Serves the normalised configs and the summaries, asking the language server. */
export class RenderedConfigProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly client: LanguageClient) {}

  provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const q = new URLSearchParams(uri.query);
    const root = q.get('root') ?? '';
    if (q.has('a') && q.has('b')) {
      return this.client.sendRequest(CompareSummaryRequest, {
        root,
        a: q.get('a') ?? '',
        b: q.get('b') ?? '',
      });
    }
    return this.client.sendRequest(NormalizedConfigRequest, { root, name: q.get('name') ?? '' });
  }
}

function configUri(root: string, name: string): vscode.Uri {
  const query = new URLSearchParams({ root, name }).toString();
  return vscode.Uri.from({ scheme, path: `/${name}`, query });
}

function summaryUri(p: Pair): vscode.Uri {
  const query = new URLSearchParams({ root: p.root, a: p.a, b: p.b }).toString();
  return vscode.Uri.from({ scheme, path: `/compare ${p.a} ↔ ${p.b}.md`, query });
}

async function openComparison(p: Pair): Promise<void> {
  await vscode.commands.executeCommand(
    'vscode.diff',
    configUri(p.root, p.a),
    configUri(p.root, p.b),
    `${p.a} ↔ ${p.b}`,
    { preview: false },
  );
  await vscode.commands.executeCommand('markdown.showPreviewToSide', summaryUri(p));
}

function isPair(v: unknown): v is Pair {
  const o = v as Partial<Pair> | undefined;
  return typeof o?.root === 'string' && typeof o.a === 'string' && typeof o.b === 'string';
}

/** Configs newest last; rendered ones only, since only those are rolled out to nodes. */
function rendered(list: MachineConfigEntry[]): MachineConfigEntry[] {
  return list
    .filter((c) => c.name.startsWith('rendered-'))
    .sort(
      (x, y) => (x.created ?? '').localeCompare(y.created ?? '') || x.name.localeCompare(y.name),
    );
}

/** The config created before this one in the same pool. */
function previousOf(
  list: MachineConfigEntry[],
  c: MachineConfigEntry,
): MachineConfigEntry | undefined {
  const same = rendered(list).filter((x) => x.root === c.root && x.pool === c.pool);
  const i = same.findIndex((x) => x.name === c.name);
  return i > 0 ? same[i - 1] : undefined;
}

async function pick(
  items: MachineConfigEntry[],
  title: string,
  preferred?: MachineConfigEntry,
): Promise<MachineConfigEntry | undefined> {
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { entry: MachineConfigEntry }>();
  qp.title = title;
  qp.placeholder = 'Type to filter by name, pool or release';
  qp.matchOnDescription = true;
  qp.items = items.map((entry) => ({
    entry,
    label: entry.name,
    description: [entry.pool && `pool ${entry.pool}`, entry.release && `release ${entry.release}`]
      .filter(Boolean)
      .join(' · '),
    detail: entry.created ? `created ${entry.created}` : undefined,
  }));
  const active = qp.items.find((i) => i.entry === preferred);
  if (active) qp.activeItems = [active];
  return new Promise((resolve) => {
    qp.onDidAccept(() => {
      resolve(qp.selectedItems[0]?.entry ?? qp.activeItems[0]?.entry);
      qp.hide();
    });
    qp.onDidHide(() => {
      resolve(undefined);
      qp.dispose();
    });
    qp.show();
  });
}

export function compareCommandHandler(client: LanguageClient) {
  const run = compareWith(client);
  return async (arg?: unknown, selection?: unknown): Promise<void> => {
    try {
      await run(arg, selection);
    } catch (err) {
      void vscode.window.showErrorMessage(`Must-Gather: cannot compare: ${(err as Error).message}`);
    }
  };
}

function compareWith(client: LanguageClient) {
  return async (arg?: unknown, selection?: unknown): Promise<void> => {
    if (isPair(arg)) return openComparison(arg);
    const clicked = arg instanceof vscode.Uri ? arg : undefined;
    const chosen = Array.isArray(selection)
      ? selection.filter((u): u is vscode.Uri => u instanceof vscode.Uri)
      : [];
    const list: MachineConfigEntry[] = await client.sendRequest(
      MachineConfigsRequest,
      clicked ? { uri: clicked.toString() } : {},
    );
    const byUri = (u: vscode.Uri) => list.find((c) => vscode.Uri.parse(c.uri).fsPath === u.fsPath);
    if (chosen.length === 2) {
      const [x, y] = chosen.map(byUri);
      if (!x || !y || x.root !== y.root) {
        void vscode.window.showWarningMessage(
          'Must-Gather: select two MachineConfig files of the same must-gather to compare.',
        );
        return;
      }
      const [a, b] = (x.created ?? '') <= (y.created ?? '') ? [x, y] : [y, x];
      return openComparison({ root: a.root, a: a.name, b: b.name });
    }
    const configs = rendered(list);
    if (configs.length < 2) {
      void vscode.window.showInformationMessage(
        'Must-Gather: fewer than two rendered MachineConfigs to compare.',
      );
      return;
    }
    const start = clicked ? byUri(clicked) : undefined;
    const a =
      (start && previousOf(list, start)) ??
      (await pick(configs, 'Compare rendered MachineConfigs: pick the first (older) config'));
    if (!a) return;
    const b =
      start && start !== a && start.name.startsWith('rendered-')
        ? start
        : await pick(
            configs.filter((c) => c.root === a.root && c !== a),
            `Compare ${a.name} with…`,
            configs.find(
              (c) =>
                c.root === a.root && c.pool === a.pool && (c.created ?? '') > (a.created ?? ''),
            ),
          );
    if (!b) return;
    return openComparison({ root: a.root, a: a.name, b: b.name });
  };
}
