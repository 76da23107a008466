/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
/**
 * Drives the VS Code workbench in headless Debian Chromium, as a person would: the explorer,
 * the Problems panel, the command palette, hovers and diff editors. Selectors come from
 * `../shared/reference/vscode-offline-e2e.md` and were checked against VS Code 1.100; those of
 * Restricted Mode, notification toasts and the notification center were found in 1.100.3's DOM.
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

export function workbenchUrl(
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
    await input.fill(pathFragment ? `${pathFragment} ${name}` : name);
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

export async function screenshot(page: Page, dir: string, name: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file });
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
