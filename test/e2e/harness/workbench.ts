/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
/**
 * Drives the VS Code workbench in headless Debian Chromium, as a person would: the explorer,
 * the Problems panel, the command palette, hovers, diff editors, view containers and tree
 * views. Selectors come from `../shared/reference/vscode-offline-e2e.md` and were checked
 * against VS Code 1.100; those of Restricted Mode, notification toasts, the notification
 * center, the activity bar, tree views and the status bar were found in 1.100.3's DOM.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { chromium } from 'playwright-core';
import type { Browser, Locator, Page } from 'playwright-core';

export interface WorkbenchOptions {
  chromiumPath: string;
  authority: string;
  folder: string;
  /** Loaded as an extension under development; omitted when the extension is installed. */
  extensionPath?: string;
  /** Extension-host test module (a `run()` export); omitted for UI sessions. */
  testsPath?: string;
  log: (line: string) => void;
}

export interface Workbench {
  page: Page;
  /** Resolves with the extension host's exit code when a test module was given. */
  exitCode: Promise<number>;
  close(): Promise<void>;
}

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function workbenchUrl(
  o: Pick<WorkbenchOptions, 'authority' | 'folder' | 'extensionPath' | 'testsPath'>,
): string {
  const remote = (p: string) => `vscode-remote://${o.authority}${p}`;
  const payload: [string, string][] = [];
  if (o.extensionPath) payload.push(['extensionDevelopmentPath', remote(o.extensionPath)]);
  if (o.testsPath) payload.push(['extensionTestsPath', remote(o.testsPath)]);
  const query = payload.length ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : '';
  return `http://${o.authority}/?folder=${encodeURIComponent(o.folder)}${query}`;
}

export async function openWorkbench(o: WorkbenchOptions): Promise<Workbench> {
  const browser: Browser = await chromium.launch({
    executablePath: o.chromiumPath,
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // VS Code's clipboard in a browser is the page's: tests read back what a command copied.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    let resolveExit: (code: number) => void = () => undefined;
    const exitCode = new Promise<number>((r) => (resolveExit = r));
    await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) =>
      o.log(format(...(args ?? []))),
    );
    await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
    await page.goto(workbenchUrl(o));
    await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    return { page, exitCode, close: () => browser.close() };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/** Clicks through the explorer tree, one folder row at a time, and opens the file. */
export async function openFromExplorer(page: Page, segments: string[]): Promise<void> {
  await page.keyboard.press('Control+Shift+E');
  for (const [i, name] of segments.entries()) {
    const row = page
      .locator(`.explorer-folders-view .monaco-list-row[aria-label="${name}"]`)
      .first();
    await row.waitFor({ timeout: 30_000 });
    await row.scrollIntoViewIfNeeded();
    const expanded = await row.getAttribute('aria-expanded');
    if (i < segments.length - 1 && expanded === 'true') continue;
    await row.click();
  }
  const file = segments[segments.length - 1]!;
  await page
    .locator(`.tabs-container .tab.active[aria-label^="${file}"]`)
    .waitFor({ timeout: 30_000 });
  await page
    .locator('.editor-instance .monaco-editor .view-line')
    .first()
    .waitFor({ timeout: 30_000 });
}

/**
 * Opens a workspace file through Quick Open (Ctrl+P). `pathFragment` picks one of several files
 * of that name; it is typed with the name (`bug-1943289 machine-config.yaml` style queries
 * narrow the fuzzy list) and the row must carry exactly that file name.
 */
export async function quickOpen(page: Page, name: string, pathFragment = ''): Promise<void> {
  const tab = page.locator(`.tabs-container .tab.active[aria-label^="${name}"]`);
  // The list re-sorts while file search results stream in; a click can land on a row that
  // just moved. Check the tab that opened, and try again if it is not ours.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor();
    try {
      // An editor still opening from the step before can take the focus and close the list.
      await input.fill(pathFragment ? `${pathFragment} ${name}` : name, { timeout: 5_000 });
    } catch (err) {
      if (attempt >= 3) throw err;
      continue;
    }
    // Row labels read "<file name> <folder>": match the name exactly, not a longer one.
    const row = page
      .locator(`.quick-input-list .monaco-list-row[aria-label^="${name} "]`)
      .filter({ hasText: pathFragment });
    await row.first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await row.first().click();
    try {
      await tab.waitFor({ timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** Puts the cursor at a 1-based line and column of the active editor (Ctrl+G). */
export async function goTo(page: Page, line: number, column = 1): Promise<void> {
  const status = page.locator(
    `.statusbar-item[id="status.editor.selection"]:has-text("Ln ${line}, Col ${column}")`,
  );
  // On a loaded machine the editor may not have focus yet when Ctrl+G is pressed: try again.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+G');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor();
    await input.fill(`:${line}:${column}`);
    await page.keyboard.press('Enter');
    try {
      await status.waitFor({ timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
      await page.keyboard.press('Escape');
    }
  }
}

/** Shows the hover at the cursor (as "Show or Focus Hover" does) and returns its text. */
export async function hoverAtCursor(page: Page): Promise<string> {
  await runCommand(page, 'Show or Focus Hover');
  // A hidden, empty .monaco-hover comes first in the DOM: read the visible one.
  const hover = page.locator('.monaco-editor .monaco-hover:not(.hidden)').first();
  await hover.waitFor({ timeout: 15_000 });
  return (await hover.innerText()).replace(/\u00a0/g, ' ');
}

export interface DiffSides {
  original: string[];
  modified: string[];
  /** Lines marked deleted on the left and inserted on the right, as rendered. */
  deleted: string[];
  inserted: string[];
}

/** Both sides of the visible diff editor, with the lines its decorations mark as changed. */
export async function diffSides(page: Page): Promise<DiffSides> {
  await page.locator('.monaco-diff-editor').first().waitFor({ timeout: 30_000 });
  return page.evaluate(() => {
    const side = (cls: string, mark: string) => {
      const root = document.querySelector(`.monaco-diff-editor .editor.${cls}`);
      const lines = Array.from(root?.querySelectorAll<HTMLElement>('.view-line') ?? []);
      const overlays = Array.from(root?.querySelectorAll(`.view-overlays .${mark}`) ?? []);
      const marked = new Set(overlays.map((e) => (e.parentElement as HTMLElement).style.top));
      const text = (e: HTMLElement) => (e.textContent ?? '').replace(/\u00a0/g, ' ');
      const sorted = lines.sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top));
      return {
        all: sorted.map(text),
        changed: sorted.filter((e) => marked.has(e.style.top)).map(text),
      };
    };
    const o = side('original', 'line-delete');
    const m = side('modified', 'line-insert');
    return { original: o.all, modified: m.all, deleted: o.changed, inserted: m.changed };
  });
}

/**
 * Waits until the visible diff editor marks its changes: the diff is computed after the editor
 * shows, and "Go to Next Change" does nothing until then.
 */
export async function waitForDiff(page: Page, timeoutMs = 30_000): Promise<void> {
  await page
    .locator(
      '.monaco-diff-editor .editor.original .line-delete, .monaco-diff-editor .editor.modified .line-insert',
    )
    .first()
    .waitFor({ state: 'attached', timeout: timeoutMs });
}

/**
 * Compare: Go to Next Change (Alt+F5), then waits until the cursor position in the status bar
 * moved. Returns false when it did not within `timeoutMs` (the key was lost, or one change only).
 */
export async function nextChange(page: Page, timeoutMs = 5_000): Promise<boolean> {
  const item = page.locator('.statusbar-item[id="status.editor.selection"]').first();
  const read = () => item.innerText({ timeout: 1_000 }).catch(() => '');
  const before = await read();
  await page.keyboard.press('Alt+F5');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await read()) !== before) return true;
    await page.waitForTimeout(100);
  }
  return false;
}

/** Runs a command from the palette (F1) by its full title, e.g. `Must-Gather: Reindex Workspace`. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor();
  await input.fill(`>${title}`);
  await page
    .locator(`.quick-input-list .monaco-list-row.focused[aria-label^="${title}"]`)
    .waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
}

export interface ProblemRow {
  ariaLabel: string;
  message: string;
  source: string;
}

/** Opens the Problems panel, types a filter as a person would, and returns the marker rows shown. */
export async function problems(page: Page, filter: string): Promise<ProblemRow[]> {
  await page.keyboard.press('Control+Shift+M');
  const box = page.locator('.part.panel input[placeholder^="Filter"]:visible').first();
  await box.waitFor();
  await box.fill(filter);
  const rows = page.locator('.markers-panel .monaco-list-row:has(.marker-message)');
  await rows.first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(300); // the filter applies after a short debounce
  const out: ProblemRow[] = [];
  for (const row of await rows.all()) {
    out.push({
      ariaLabel: (await row.getAttribute('aria-label')) ?? '',
      message: (await row.locator('.marker-message').first().innerText()).trim(),
      source: (
        await row
          .locator('.marker-source')
          .first()
          .innerText()
          .catch(() => '')
      ).trim(),
    });
  }
  return out;
}

/**
 * Empties the panel's filter box. VS Code shares its text between Problems and Output, and
 * applies it when a view becomes visible, so wait until the visible box really is empty.
 */
export async function clearPanelFilter(page: Page): Promise<void> {
  const boxes = page.locator('.part.panel input[placeholder^="Filter"]');
  for (let i = 0; i < 20; i++) {
    const values: string[] = [];
    for (const box of await boxes.all()) {
      if (!(await box.isVisible())) continue;
      if ((await box.inputValue()) !== '') await box.fill('');
      values.push(await box.inputValue());
    }
    await page.waitForTimeout(300);
    if (values.length > 0 && values.every((v) => v === '')) {
      const again = await Promise.all(
        (await boxes.all()).map(async (b) => ((await b.isVisible()) ? b.inputValue() : '')),
      );
      if (again.every((v) => v === '')) return;
    }
  }
  throw new Error('the panel filter box could not be emptied');
}

/** The total shown on the Problems tab's badge. */
export async function problemCount(page: Page): Promise<number> {
  const badge = page
    .locator('.part.panel .composite-bar .action-item:has-text("Problems") .badge-content')
    .first();
  await badge.waitFor();
  return Number((await badge.innerText()).trim());
}

/** Waits until the text of the elements matching a selector (wrapped rows joined back) matches a pattern. */
export async function waitForText(
  page: Page,
  selector: string,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    // Monaco renders wrapped lines as separate rows: join them back without a separator.
    last = (await page.locator(selector).allTextContents()).join('').replace(/\u00a0/g, ' ');
    if (pattern.test(last)) return last;
    await page.waitForTimeout(250);
  }
  throw new Error(
    `timed out waiting for ${pattern} in ${selector}; text was:\n${last.slice(0, 2000)}`,
  );
}

/** Visible text of the editor or panel area, with the non-breaking spaces Monaco renders as spaces. */
export async function visibleText(page: Page, selector: string): Promise<string> {
  return (await page.locator(selector).first().innerText()).replace(/\u00a0/g, ' ');
}

/**
 * `Ln 81, Col 19 (359 selected)` from the status bar: where the cursor is in the active editor
 * and how many characters are selected (revealing a diagnostic selects its range, cursor at the end).
 */
export async function cursorPosition(
  page: Page,
): Promise<{ line: number; column: number; selected: number }> {
  const item = page.locator('.statusbar-item[id="status.editor.selection"]');
  await item.waitFor();
  const text = await item.innerText();
  const m = /Ln (\d+), Col (\d+)(?: \((\d+) selected\))?/.exec(text);
  if (!m) throw new Error(`no cursor position in the status bar: ${text}`);
  return { line: Number(m[1]), column: Number(m[2]), selected: Number(m[3] ?? 0) };
}

/**
 * The cursor once the status bar no longer shows line `from`: after a link opens another editor,
 * the status bar shows the old editor's cursor for a moment.
 */
export async function cursorMovedFrom(
  page: Page,
  from: number,
  timeoutMs = 15_000,
): Promise<{ line: number; column: number; selected: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pos = await cursorPosition(page);
    if (pos.line !== from || Date.now() > deadline) return pos;
    await page.waitForTimeout(100);
  }
}

/** A PNG of the whole window, or of the part of it that `clip` (page pixels) names. */
export async function screenshot(
  page: Page,
  dir: string,
  name: string,
  clip?: { x: number; y: number; width: number; height: number },
): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, ...(clip ? { clip } : {}) });
  return file;
}

/** Opens the panel on the Problems view (its tab carries the count badge). */
export async function showProblems(page: Page): Promise<void> {
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.part.panel .markers-panel').first().waitFor({ timeout: 15_000 });
}

/**
 * Waits until the Problems tab's badge shows a count (no badge counts as 0). The badge shows
 * while the panel is open, on any of its views (Problems, Output, …).
 */
export async function waitForProblemCount(
  page: Page,
  expected: number,
  timeoutMs = 60_000,
): Promise<void> {
  const badge = page.locator(
    '.part.panel .composite-bar .action-item:has-text("Problems") .badge-content',
  );
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  while (Date.now() < deadline) {
    const shown = (await badge.count()) > 0 && (await badge.first().isVisible());
    // The badge can go between the two looks: read it briefly, and count it as 0 then.
    const text = shown
      ? await badge
          .first()
          .innerText({ timeout: 1_000 })
          .catch(() => '0')
      : '0';
    last = Number(text.trim());
    if (last === expected) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`the Problems badge showed ${last}, not ${expected}, for ${timeoutMs / 1000} s`);
}

/**
 * Restricted Mode as the workbench shows it: the status bar entry `#status.workspaceTrust`
 * (text "Restricted Mode", shown only while the folder is untrusted; selected by attribute
 * because the id holds a dot) and the banner `#workbench.parts.banner` ("Restricted Mode is
 * intended for safe code browsing…", until dismissed). Waits for the entry.
 */
export async function restrictedMode(
  page: Page,
  timeoutMs = 60_000,
): Promise<{ status: string; statusLabel: string; banner: string }> {
  const item = page.locator('.statusbar-item[id="status.workspaceTrust"]').first();
  await item.waitFor({ timeout: timeoutMs });
  const banner = page.locator('.part.banner[id="workbench.parts.banner"]');
  return {
    status: (await item.innerText()).trim(),
    statusLabel: (await item.getAttribute('aria-label')) ?? '',
    banner: (await banner.count()) > 0 ? (await banner.first().innerText()).trim() : '',
  };
}

/**
 * The notification toasts (bottom right) whose message contains a text: each is a
 * `.notification-list-item` with its `.notification-list-item-message`, a warning or error
 * `.notification-list-item-icon.codicon-warning|error` and buttons
 * `.notification-list-item-buttons-container .monaco-button`. A closed toast leaves the DOM.
 */
export function notificationToasts(page: Page, text: string): Locator {
  return page.locator('.notifications-toasts .notification-list-item').filter({
    has: page.locator('.notification-list-item-message', { hasText: text }),
  });
}

/**
 * From now on, records the message of every notification toast that appears, so a toast that
 * comes and goes between two looks is still seen. Returns a reader of the messages so far.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  const key = `mgiToasts${Date.now()}`;
  await page.evaluate((k) => {
    const seen: string[] = [];
    (window as unknown as Record<string, string[]>)[k] = seen;
    const root = document.querySelector('.notifications-toasts') ?? document.body;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of Array.from(r.addedNodes)) {
          if (!(n instanceof HTMLElement)) continue;
          const messages = n.matches('.notification-list-item-message')
            ? [n]
            : Array.from(n.querySelectorAll('.notification-list-item-message'));
          for (const m of messages) seen.push(m.textContent ?? '');
        }
    }).observe(root, { childList: true, subtree: true });
  }, key);
  return () => page.evaluate((k) => [...(window as unknown as Record<string, string[]>)[k]!], key);
}

/**
 * Messages in the notification center (every notification not closed yet, including those
 * whose toast has hidden), read by opening it from the palette and closing it again.
 */
export async function notificationCenter(page: Page): Promise<string[]> {
  await runCommand(page, 'Notifications: Show Notifications');
  const center = page.locator('.notifications-center.visible');
  await center.waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
  const messages = await center.locator('.notification-list-item-message').allInnerTexts();
  await runCommand(page, 'Notifications: Hide Notifications');
  await center.waitFor({ state: 'hidden', timeout: 15_000 });
  return messages.map((m) => m.trim());
}

/**
 * Waits until the panel shows the Output view (its tab `.action-item.checked`) on a channel:
 * the channel picker is a `select.monaco-select-box` in the panel's title whose selected option
 * is the channel's name.
 */
export async function waitForOutputChannel(
  page: Page,
  channel: string,
  timeoutMs = 30_000,
): Promise<void> {
  await page
    .locator('.part.panel .composite-bar .action-item.checked:has-text("Output")')
    .waitFor({ timeout: timeoutMs });
  await page.waitForFunction(
    (name) =>
      Array.from(document.querySelectorAll<HTMLSelectElement>('.part.panel select')).some(
        (s) => s.offsetParent !== null && s.selectedOptions[0]?.text === name,
      ),
    channel,
    { timeout: timeoutMs },
  );
}

/**
 * Types a filter into the visible panel view's filter box. Each view has its own box but
 * Problems and Output share the text; wait for the view first (`waitForOutputChannel`), or
 * the box of the view still showing gets it.
 */
export async function filterPanel(page: Page, text: string): Promise<void> {
  const box = page.locator('.part.panel input[placeholder^="Filter"]:visible').first();
  await box.waitFor({ timeout: 15_000 });
  await box.fill(text);
  await page.waitForTimeout(300); // the filter applies after a short debounce
}

/**
 * `[aria-label]` values of an activity-bar entry: its title, or its title and keybinding, then
 * ` - <badge tooltip>` while a view of it shows a badge (`Must-Gather - 25 causes`).
 */
function activityLabel(title: string): string {
  const t = JSON.stringify(title);
  const withKey = JSON.stringify(`${title} (`);
  const withBadge = JSON.stringify(`${title} - `);
  return `.action-label:is([aria-label=${t}], [aria-label^=${withKey}], [aria-label^=${withBadge}])`;
}

/**
 * Shows a view container from the activity bar (`li.action-item` holding an `.action-label`
 * whose aria-label is its title; `.checked` while shown), as a person clicks it. A click on
 * the container already shown would hide the side bar, so it is clicked only when not shown.
 * Waits for the side bar's title (`<container>: <view>` or the container's title).
 */
export async function openViewContainer(
  page: Page,
  title: string,
  timeoutMs = 30_000,
): Promise<void> {
  const entry = page
    .locator('.part.activitybar li.action-item')
    .filter({ has: page.locator(activityLabel(title)) })
    .first();
  const heading = page
    .locator('.part.sidebar .composite.title h2')
    .filter({ hasText: new RegExp(`^${escapeRegExp(title)}(:|$)`, 'i') });
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    await entry.waitFor({ timeout: Math.max(1_000, deadline - Date.now()) });
    if (!/\bchecked\b/.test((await entry.getAttribute('class')) ?? '')) await entry.click();
    try {
      await heading.first().waitFor({ timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt >= 3 || Date.now() > deadline) throw err;
    }
  }
}

/**
 * The pane of a view in the side bar (or any view container) by its name: its header, hidden
 * when the view is alone in its container, still carries `aria-label="<name> Section"`, with
 * the view's description in it when it has one.
 */
export function viewPane(page: Page, name: string): Locator {
  const header = `.pane-header[aria-label^=${JSON.stringify(`${name} `)}][aria-label*="Section"]`;
  return page.locator(`.pane:has(${header})`).first();
}

/**
 * Runs an action of a view's title bar (e.g. "Collapse All") from its icon. Alone in its
 * container, a view's actions show in the side bar's title; beside other views, in its pane's
 * header, shown while the pointer is over it: give the `pane` (`viewPane`) then.
 */
export async function viewAction(
  page: Page,
  action: string,
  o: { pane?: Locator; timeoutMs?: number } = {},
): Promise<void> {
  const label = `.action-label[aria-label=${JSON.stringify(action)}]`;
  const timeout = o.timeoutMs ?? 15_000;
  if (o.pane) {
    const header = o.pane.locator('.pane-header').first();
    await header.hover({ timeout });
    const button = header.locator(`${label}:visible`).first();
    await button.waitFor({ timeout });
    await button.click();
    return;
  }
  const button = page.locator(`.part.sidebar ${label}:visible`).first();
  await button.waitFor({ timeout });
  await button.click();
}

/**
 * The number on a view container's activity bar entry (where VS Code shows a view's `badge`),
 * or undefined while none shows.
 */
export async function activityBadge(page: Page, title: string): Promise<number | undefined> {
  const badge = page
    .locator('.part.activitybar li.action-item')
    .filter({ has: page.locator(activityLabel(title)) })
    .locator('.badge-content:visible');
  if ((await badge.count()) === 0) return undefined;
  const text = await badge
    .first()
    .innerText({ timeout: 1_000 })
    .catch(() => '');
  return text.trim() === '' ? undefined : Number(text.trim());
}

export interface TreeRow {
  /** `data-index`: the row's place among the tree's visible (expanded) rows. */
  index: number;
  /** 1 for a top item. */
  level: number;
  label: string;
  description: string;
  /** `aria-label`: the tooltip of an extension's tree item, else its label. */
  ariaLabel: string;
  /** undefined for a leaf. */
  expanded: boolean | undefined;
  /** `aria-setsize`: how many siblings (itself included) the item has. */
  siblings: number;
}

/**
 * The rows a tree view renders, top to bottom: `.monaco-list-row` with `aria-level`,
 * `aria-expanded` (only when it has children), `.label-name` and `.label-description`. The
 * list is virtual: only rows in (or near) the viewport are in the DOM.
 */
async function treeRows(view: Locator): Promise<TreeRow[]> {
  const rows = await view.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('.monaco-list-row')).map((r) => ({
      index: Number(r.dataset.index),
      level: Number(r.getAttribute('aria-level')),
      label: (r.querySelector('.label-name')?.textContent ?? '').replace(/\u00a0/g, ' '),
      description: (r.querySelector('.label-description')?.textContent ?? '').replace(
        /\u00a0/g,
        ' ',
      ),
      ariaLabel: r.getAttribute('aria-label') ?? '',
      expanded: r.hasAttribute('aria-expanded')
        ? r.getAttribute('aria-expanded') === 'true'
        : undefined,
      siblings: Number(r.getAttribute('aria-setsize')),
    })),
  );
  return rows.sort((a, b) => a.index - b.index);
}

/** The rows below `parent` (a row of `rows`) down to its next sibling: its shown descendants. */
function descendants(rows: TreeRow[], parent: TreeRow | undefined): TreeRow[] {
  if (!parent) return rows;
  const out: TreeRow[] = [];
  for (const r of rows.filter((x) => x.index > parent.index)) {
    if (r.level <= parent.level) break;
    out.push(r);
  }
  return out;
}

/** The shown children of the item at `path` (labels from the top), or the top items for `[]`. */
export async function treeChildren(view: Locator, path: string[]): Promise<TreeRow[]> {
  const rows = await treeRows(view);
  let parent: TreeRow | undefined;
  for (const label of path) {
    const level: number = parent ? parent.level + 1 : 1;
    parent = descendants(rows, parent).find((r) => r.level === level && r.label === label);
    if (!parent) return [];
  }
  const level = parent ? parent.level + 1 : 1;
  return descendants(rows, parent).filter((r) => r.level === level);
}

/**
 * The row of a tree item by its path of labels from a top item, expanding the items above it
 * on the way (by their twistie: a click on the row would run the item's command). Rows come
 * and go while an extension (re)fills its tree: each step is looked for again until it shows,
 * and a twistie click that did not expand is retried.
 */
export async function treeItem(
  view: Locator,
  path: string[],
  timeoutMs = 30_000,
): Promise<Locator> {
  const deadline = Date.now() + timeoutMs;
  let row: Locator | undefined;
  for (const [i, label] of path.entries()) {
    let found: TreeRow | undefined;
    while (!found) {
      const children = await treeChildren(view, path.slice(0, i));
      found = children.find((r) => r.label === label);
      if (found) break;
      if (Date.now() > deadline) {
        const seen = children.map((r) => r.label).join(' | ') || 'none';
        throw new Error(
          `no tree item ${path.slice(0, i + 1).join(' › ')} within ${timeoutMs / 1000} s; its siblings: ${seen}`,
        );
      }
      await view.page().waitForTimeout(250);
    }
    row = view.locator(`.monaco-list-row[data-index="${found.index}"]`);
    if (i < path.length - 1) await expandTreeRow(row, Math.max(1_000, deadline - Date.now()));
  }
  if (!row) throw new Error('treeItem needs a path of at least one label');
  return row;
}

/** Expands a tree row by its twistie unless it is expanded already; retries a click that did not take. */
export async function expandTreeRow(row: Locator, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await row.waitFor({ timeout: timeoutMs });
  while ((await row.getAttribute('aria-expanded')) !== 'true') {
    if ((await row.getAttribute('aria-expanded')) === null)
      throw new Error(`tree row ${await row.innerText()} has no children to expand`);
    if (Date.now() > deadline) throw new Error(`tree row ${await row.innerText()} did not expand`);
    await row.locator('.monaco-tl-twistie').click({ timeout: 5_000 });
    for (let i = 0; i < 20 && (await row.getAttribute('aria-expanded')) !== 'true'; i++)
      await row.page().waitForTimeout(250);
  }
}

/**
 * Drags the sash on the side bar's right edge until the side bar is about `width` px wide, as
 * a person widens it to read long descriptions. Returns the side bar's box.
 */
export async function resizeSideBar(
  page: Page,
  width: number,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const bar = page.locator('.part.sidebar');
  await bar.waitFor({ timeout: 15_000 });
  for (let attempt = 1; attempt <= 3; attempt++) {
    const box = (await bar.boundingBox())!;
    if (Math.abs(box.width - width) <= 8) return box;
    const edge = box.x + box.width;
    let sash: { x: number; y: number; width: number; height: number } | undefined;
    for (const s of await page.locator('.monaco-sash.vertical:not(.disabled)').all()) {
      const b = await s.boundingBox();
      if (b && Math.abs(b.x + b.width / 2 - edge) <= 6) sash = b;
    }
    if (!sash) throw new Error(`no sash at the side bar's right edge (x ${edge})`);
    const x = sash.x + sash.width / 2;
    const y = sash.y + sash.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + (width - box.width), y, { steps: 10 });
    await page.mouse.up();
    await page.waitForTimeout(300);
  }
  return (await bar.boundingBox())!;
}

/**
 * A status bar entry by the id an extension gave it (`createStatusBarItem(id, …)`): VS Code
 * prefixes it with the extension's id, so the element's id ends with it.
 */
export function statusBarItem(page: Page, id: string): Locator {
  return page.locator(`.statusbar-item[id$=${JSON.stringify(`.${id}`)}]`).first();
}

/** Waits until a status bar entry's text (its codicon left out, trimmed) equals `expected`; returns it. */
export async function waitForStatusBarText(
  item: Locator,
  expected: string,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = (await item.innerText({ timeout: 5_000 }).catch(() => ''))
      .replace(/\u00a0/g, ' ')
      .trim();
    if (last === expected) return last;
    await item.page().waitForTimeout(250);
  }
  throw new Error(
    `the status bar entry read "${last}", not "${expected}", for ${timeoutMs / 1000} s`,
  );
}

/** The breadcrumbs above the active editor: its path from the workspace folder, then its symbols. */
export async function breadcrumbs(page: Page, timeoutMs = 15_000): Promise<string[]> {
  const items = page.locator(
    '.editor-group-container.active .breadcrumbs-control .monaco-breadcrumb-item',
  );
  await items.first().waitFor({ timeout: timeoutMs });
  return (await items.allInnerTexts()).map((t) => t.replace(/\u00a0/g, ' ').trim());
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
