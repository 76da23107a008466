/**
 * The Upgrade Timeline page, inside a VS Code webview: swimlanes of the intervals the extension
 * sends, drawn as plain DOM (no library, no SVG namespace, nothing fetched). Every must-gather
 * string reaches the page as `textContent`, never as markup. Zoom (buttons, Ctrl+wheel, + and -),
 * pan (scroll or drag), the gather marked, a tooltip, a click or Enter opens the evidence, arrow
 * keys move between intervals, a text filter, a cause's lanes highlighted. Groups of nodes stay
 * folded, and their lanes unbuilt, until opened: a cluster of 250 nodes draws a few hundred bars.
 */
import type {
  RootTimelineView,
  TimelineBar,
  TimelineGroup,
  TimelineLane,
} from '../../../server/src/protocol/messages';
import type { Domain, FromPage, ToPage } from './model';
import { held, matches, nearest, place, stackRows, ticks, utc } from './model';

interface VsCodeApi {
  postMessage(message: FromPage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const labelWidth = 260;
const rowHeight = 16;
const maxZoom = 400;

interface SavedState {
  root: string;
  zoom: number;
  query: string;
  cause: string;
  all: boolean;
  problems: boolean;
  /** Groups opened or closed against their default. */
  toggled: string[];
}

interface DrawnBar {
  el: HTMLElement;
  bar: TimelineBar;
  group: number;
  lane: number;
  index: number;
}

interface DrawnLane {
  row: HTMLElement;
  lane: TimelineLane;
  group: number;
  index: number;
  bars: DrawnBar[];
}

interface DrawnGroup {
  group: TimelineGroup;
  header: HTMLElement;
  toggle: HTMLButtonElement;
  summary: HTMLElement;
  body: HTMLElement;
  lanes: DrawnLane[] | undefined;
  open: boolean;
}

let view: RootTimelineView | undefined;
let domain: Domain = { from: 0, to: 1 };
let showAll = false;
let zoom = 1;
let query = '';
let problemsOnly = false;
let cause = '';
let toggled = new Set<string>();
let groups: DrawnGroup[] = [];

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

// The page's fixed parts.
const app = document.getElementById('app') ?? document.body;
const header = el('header');
const title = el('h1');
const meta = el('span', 'meta');
header.append(title, meta);
const toolbar = el('div', 'toolbar');
const filter = el('input', 'filter');
filter.type = 'search';
filter.placeholder = 'Filter: object, reason or message';
filter.setAttribute('aria-label', 'Filter the timeline');
const causePick = el('select', 'cause');
causePick.setAttribute('aria-label', 'Highlight the lanes of a cause');
const button = (label: string, hint: string, run: () => void) => {
  const b = el('button', undefined, label);
  b.type = 'button';
  b.title = hint;
  b.setAttribute('aria-label', hint);
  b.addEventListener('click', run);
  return b;
};
const zoomOut = button('−', 'Zoom out (-)', () => setZoom(zoom / 2));
const zoomIn = button('+', 'Zoom in (+)', () => setZoom(zoom * 2));
const spanUpdate = button('Update', 'Show the newest update to the gather', () => setSpan(false));
const spanAll = button('All', 'Show every interval, the oldest transitions too (0)', () =>
  setSpan(true),
);
const problems = el('label', 'problems');
const problemsBox = el('input');
problemsBox.type = 'checkbox';
problems.append(problemsBox, document.createTextNode(' Problems only'));
problems.title = 'Hide what holds as it should (Info): leave the warnings and errors';
const legend = el('span', 'legend');
for (const level of ['Error', 'Warning', 'Info'] as const) {
  const key = el('span', `key level-${level}`);
  legend.append(key, document.createTextNode(level));
}
const count = el('span', 'count');
count.setAttribute('aria-live', 'polite');
toolbar.append(filter, causePick, problems, zoomOut, zoomIn, spanUpdate, spanAll, legend, count);
const scroller = el('div', 'scroller');
scroller.setAttribute('role', 'region');
scroller.setAttribute('aria-label', 'Upgrade timeline');
const content = el('div', 'content');
scroller.append(content);
const tip = el('div', 'tip');
tip.setAttribute('role', 'tooltip');
tip.hidden = true;
app.append(header, toolbar, scroller, tip);

const trackWidth = () => Math.max(200, (scroller.clientWidth - labelWidth - 2) * zoom);

function save(): void {
  if (!view) return;
  const s: SavedState = {
    root: view.root,
    zoom,
    query,
    cause,
    all: showAll,
    problems: problemsOnly,
    toggled: [...toggled],
  };
  vscode.setState(s);
}

function restored(root: string): SavedState | undefined {
  const s = vscode.getState() as Partial<SavedState> | undefined;
  if (!s || s.root !== root) return undefined;
  return {
    root,
    zoom: typeof s.zoom === 'number' && s.zoom >= 1 && s.zoom <= maxZoom ? s.zoom : 1,
    query: typeof s.query === 'string' ? s.query : '',
    cause: typeof s.cause === 'string' ? s.cause : '',
    all: s.all === true,
    problems: s.problems === true,
    toggled: Array.isArray(s.toggled) ? s.toggled.filter((t) => typeof t === 'string') : [],
  };
}

/** Draws a new view: the header, the cause list, and every group folded or not. */
function show(v: RootTimelineView, highlight: string | undefined): void {
  const s = restored(v.root);
  view = v;
  zoom = s?.zoom ?? 1;
  query = s?.query ?? '';
  cause = highlight ?? s?.cause ?? '';
  showAll = s?.all ?? false;
  problemsOnly = s?.problems ?? false;
  toggled = new Set(s?.toggled ?? []);
  filter.value = query;
  problemsBox.checked = problemsOnly;
  title.textContent = `Upgrade Timeline · ${v.title}`;
  meta.textContent = `${v.place}${v.gather !== undefined ? ` · gathered ${utc(v.gather)}` : ''}`;

  causePick.replaceChildren(el('option', undefined, 'Highlight a cause…'));
  causePick.options[0]!.value = '';
  for (const c of v.causes) {
    const o = el('option', undefined, `${c.level}: ${c.title}`);
    o.value = c.id;
    causePick.append(o);
  }
  if (!v.causes.some((c) => c.id === cause)) cause = '';
  causePick.value = cause;
  causePick.disabled = v.causes.length === 0;

  content.replaceChildren();
  groups = [];
  if (v.groups.length === 0 || !v.window || !v.extent) {
    content.append(el('p', 'empty', 'This must-gather holds no timestamps to draw.'));
    return;
  }
  content.append(axisRow());
  v.groups.forEach((g, gi) => groups.push(groupRows(g, gi)));
  setSpan(showAll, false);
  applyCause(highlight !== undefined);
  applyFilter();
}

function axisRow(): HTMLElement {
  const row = el('div', 'row axis');
  row.append(el('div', 'label', 'UTC'), el('div', 'track ticks'));
  return row;
}

function groupRows(g: TimelineGroup, gi: number): DrawnGroup {
  const headerRow = el('div', 'row group');
  const label = el('div', 'label');
  const toggle = el('button', 'toggle');
  toggle.type = 'button';
  const summary = el('div', 'track summary');
  label.append(toggle);
  headerRow.append(label, summary);
  const body = el('div', 'lanes');
  body.dataset.group = g.id;
  content.append(headerRow, body);
  const d: DrawnGroup = {
    group: g,
    header: headerRow,
    toggle,
    summary,
    body,
    lanes: undefined,
    open: g.folded === toggled.has(g.id),
  };
  toggle.addEventListener('click', () => {
    if (toggled.has(g.id)) toggled.delete(g.id);
    else toggled.add(g.id);
    setOpen(d, !d.open);
    save();
  });
  summary.addEventListener('click', () => toggle.click());
  // A folded group shows its problems in one strip, so a bad pool reads from its header.
  for (const lane of g.lanes) {
    for (const b of lane.bars) {
      if (b.level === 'Info') continue;
      const mark = el('div', `bar level-${b.level}`);
      mark.dataset.from = String(b.from);
      mark.dataset.to = String(b.to);
      summary.append(mark);
    }
  }
  setOpen(d, d.open, gi);
  return d;
}

function setOpen(d: DrawnGroup, open: boolean, gi = groups.indexOf(d)): void {
  d.open = open;
  const n = d.group.lanes.length;
  d.toggle.textContent = `${open ? '▾' : '▸'} ${d.group.label} (${n})`;
  d.toggle.setAttribute('aria-expanded', String(open));
  d.summary.classList.toggle('folded', !open);
  if (open && !d.lanes) d.lanes = d.group.lanes.map((l, li) => laneRow(d, l, gi, li));
  d.body.hidden = !open;
  if (open) layoutBars(d.body);
}

function laneRow(d: DrawnGroup, lane: TimelineLane, gi: number, li: number): DrawnLane {
  const row = el('div', 'row lane');
  row.dataset.locator = lane.locator;
  const label = el('div', 'label', lane.label);
  label.title = lane.locator;
  const track = el('div', 'track');
  const { rows, count: n } = stackRows(lane.bars);
  track.style.height = `${n * rowHeight + 4}px`;
  const drawn: DrawnLane = { row, lane, group: gi, index: li, bars: [] };
  lane.bars.forEach((b, bi) => {
    // The reason inside the bar, where it is wide enough to read.
    const e = el(
      'div',
      `bar level-${b.level}${b.from === b.to ? ' moment' : ''}`,
      b.from === b.to ? undefined : b.reason,
    );
    e.setAttribute('role', 'button');
    e.tabIndex = -1;
    e.dataset.from = String(b.from);
    e.dataset.to = String(b.to);
    e.dataset.group = String(gi);
    e.dataset.lane = String(li);
    e.dataset.bar = String(bi);
    e.style.top = `${(rows[bi] ?? 0) * rowHeight + 2}px`;
    e.setAttribute(
      'aria-label',
      `${b.level}, ${lane.label}, ${b.reason}, from ${utc(b.from)} for ${held(b.to - b.from)}`,
    );
    track.append(e);
    drawn.bars.push({ el: e, bar: b, group: gi, lane: li, index: bi });
  });
  row.append(label, track);
  d.body.append(row);
  return drawn;
}

/** Places the bars under a node on the current domain (their left and width in percent). */
function layoutBars(root: ParentNode): void {
  for (const e of root.querySelectorAll<HTMLElement>('.bar')) {
    const p = place({ from: Number(e.dataset.from), to: Number(e.dataset.to) }, domain);
    e.hidden = !p;
    if (!p) continue;
    e.style.left = `${p.left}%`;
    e.style.width = `${p.width}%`;
    e.classList.toggle('clipped-left', p.clippedLeft);
    e.classList.toggle('clipped-right', p.clippedRight);
  }
}

/** The update's span (the default) or every interval's; a new span starts unzoomed. */
function setSpan(all: boolean, resetZoom = true): void {
  if (!view?.window || !view.extent) return;
  showAll = all;
  if (all) {
    const pad = Math.max((view.extent.to - view.extent.from) * 0.02, 60_000);
    domain = { from: view.extent.from - pad, to: view.extent.to + pad };
  } else domain = { ...view.window };
  spanUpdate.setAttribute('aria-pressed', String(!all));
  spanAll.setAttribute('aria-pressed', String(all));
  layoutBars(content);
  setZoom(resetZoom ? 1 : zoom);
  save();
}

/** Zooms about a point of the scroller (its middle by default), keeping the time under it. */
function setZoom(z: number, anchor = scroller.clientWidth / 2): void {
  const before = trackWidth();
  const at = (scroller.scrollLeft + anchor - labelWidth) / before;
  zoom = Math.min(maxZoom, Math.max(1, z));
  const width = trackWidth();
  content.style.width = `${labelWidth + width}px`;
  content.style.setProperty('--label', `${labelWidth}px`);
  drawTicks(width);
  scroller.scrollLeft = Math.max(0, at * width - anchor + labelWidth);
  zoomOut.disabled = zoom <= 1;
  zoomIn.disabled = zoom >= maxZoom;
  save();
}

/** The axis' labels, a line per tick down the lanes, and the gather's line. */
function drawTicks(width: number): void {
  const axis = content.querySelector('.axis .track');
  if (!axis) return;
  for (const old of content.querySelectorAll('.gridline')) old.remove();
  axis.replaceChildren();
  const x = (t: number) => labelWidth + ((t - domain.from) / (domain.to - domain.from)) * width;
  for (const t of ticks(domain, width)) {
    const label = el('span', 'tick', t.label);
    label.style.left = `${((t.at - domain.from) / (domain.to - domain.from)) * 100}%`;
    axis.append(label);
    const line = el('div', 'gridline');
    line.style.left = `${x(t.at)}px`;
    content.append(line);
  }
  if (view?.gather !== undefined && view.gather >= domain.from && view.gather <= domain.to) {
    const line = el('div', 'gridline gather');
    line.style.left = `${x(view.gather)}px`;
    line.title = `gathered ${utc(view.gather)}`;
    content.append(line);
    const label = el('span', 'tick gather-label', 'gathered');
    label.style.left = `${((view.gather - domain.from) / (domain.to - domain.from)) * 100}%`;
    axis.append(label);
  }
}

/** Marks the lanes of the picked cause and opens the groups that hold them. */
function applyCause(scroll = true): void {
  const subjects = new Set(view?.causes.find((c) => c.id === cause)?.subjects ?? []);
  content.classList.toggle('highlighting', subjects.size > 0);
  let first: HTMLElement | undefined;
  for (const g of groups) {
    const holds = g.group.lanes.some((l) => subjects.has(l.locator));
    g.header.classList.toggle('cause', holds);
    if (holds && !g.open) setOpen(g, true);
    for (const l of g.lanes ?? []) {
      const hit = subjects.has(l.lane.locator);
      l.row.classList.toggle('cause', hit);
      if (hit && !first) first = l.row;
    }
  }
  if (scroll && first) first.scrollIntoView({ block: 'center' });
}

/** Whether a bar is shown under the filter and the "Problems only" box. */
function kept(lane: TimelineLane, bar: TimelineBar): boolean {
  return (!problemsOnly || bar.level !== 'Info') && matches(lane, bar, query);
}

/**
 * Hides the lanes with nothing the filter (and "Problems only") keeps, and the bars it does not;
 * while a filter is typed, groups with a match open.
 */
function applyFilter(): void {
  const narrowed = query !== '' || problemsOnly;
  let shownBars = 0;
  let shownLanes = 0;
  for (const g of groups) {
    const hits = g.group.lanes.map((l) => l.bars.filter((b) => kept(l, b)).length);
    const any = hits.some((h) => h > 0);
    g.header.hidden = narrowed && !any;
    if (query !== '' && any && !g.open) setOpen(g, true);
    g.body.hidden = !g.open || g.header.hidden;
    for (const l of g.lanes ?? []) {
      l.row.hidden = narrowed && (hits[l.index] ?? 0) === 0;
      for (const b of l.bars) {
        b.el.classList.toggle('quiet', problemsOnly && b.bar.level === 'Info');
        b.el.classList.toggle('filtered', !matches(l.lane, b.bar, query));
      }
    }
    if (!g.header.hidden) {
      shownLanes += hits.filter((h) => h > 0).length;
      shownBars += hits.reduce((a, h) => a + h, 0);
    }
  }
  count.textContent = `${shownBars} intervals in ${shownLanes} lanes`;
}

// Opening, tooltips and keys, by delegation: one listener each for thousands of bars.
function barOf(target: EventTarget | null): DrawnBar | undefined {
  const e = (target as HTMLElement | null)?.closest?.('.lane .bar') as HTMLElement | null;
  if (!e) return undefined;
  const g = groups[Number(e.dataset.group)];
  const l = g?.lanes?.[Number(e.dataset.lane)];
  return l?.bars[Number(e.dataset.bar)];
}

function open(b: DrawnBar): void {
  vscode.postMessage({ type: 'open', group: b.group, lane: b.lane, bar: b.index });
}

function showTip(b: DrawnBar, x: number, y: number): void {
  const lane = groups[b.group]?.lanes?.[b.lane]?.lane;
  const bar = b.bar;
  tip.replaceChildren(
    el('div', `tip-head level-${bar.level}`, `${bar.level} · ${bar.source}`),
    el('div', 'tip-what', `${lane?.label ?? ''} — ${bar.reason}`),
    el(
      'div',
      'tip-when',
      bar.from === bar.to
        ? utc(bar.from)
        : `${utc(bar.from)} → ${utc(bar.to)} (${held(bar.to - bar.from)})`,
    ),
    ...(bar.message ? [el('div', 'tip-message', bar.message.slice(0, 600))] : []),
    el('div', 'tip-hint', 'Click or Enter: open the evidence'),
  );
  tip.hidden = false;
  const w = tip.offsetWidth;
  const h = tip.offsetHeight;
  tip.style.left = `${Math.max(4, Math.min(x + 12, window.innerWidth - w - 4))}px`;
  tip.style.top = `${y + 16 + h > window.innerHeight ? Math.max(4, y - h - 8) : y + 16}px`;
}

content.addEventListener('click', (e) => {
  const b = barOf(e.target);
  if (b) open(b);
});
content.addEventListener('mouseover', (e) => {
  const b = barOf(e.target);
  if (b) showTip(b, e.clientX, e.clientY);
});
content.addEventListener('mouseout', (e) => {
  if (barOf(e.target)) tip.hidden = true;
});
content.addEventListener('focusin', (e) => {
  const b = barOf(e.target);
  if (!b) return;
  const r = b.el.getBoundingClientRect();
  showTip(b, r.left, r.bottom - 8);
});
content.addEventListener('focusout', () => {
  tip.hidden = true;
});

/** The drawn, visible lanes in page order (keyboard moves through these). */
function visibleLanes(): DrawnLane[] {
  return groups.flatMap((g) =>
    g.open && !g.header.hidden ? (g.lanes ?? []).filter((l) => !l.row.hidden) : [],
  );
}

function focusBar(b: DrawnBar | undefined): void {
  if (!b) return;
  for (const old of content.querySelectorAll<HTMLElement>('.bar[tabindex="0"]')) old.tabIndex = -1;
  b.el.tabIndex = 0;
  b.el.focus();
  b.el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

content.addEventListener('keydown', (e) => {
  const b = barOf(e.target);
  if (!b) return;
  const lanes = visibleLanes();
  const li = lanes.findIndex((l) => l.group === b.group && l.index === b.lane);
  const lane = lanes[li];
  if (!lane) return;
  const reachable = (x: DrawnBar) =>
    !x.el.hidden && !x.el.classList.contains('filtered') && !x.el.classList.contains('quiet');
  const inLane = lane.bars.filter(reachable).sort((x, y) => x.bar.from - y.bar.from);
  const at = inLane.indexOf(b);
  const moveTo = (other: DrawnLane | undefined) => {
    if (!other) return;
    const bars = other.bars.filter(reachable);
    focusBar(
      bars[
        nearest(
          bars.map((x) => x.bar),
          b.bar.from,
        )
      ],
    );
  };
  switch (e.key) {
    case 'ArrowRight':
      focusBar(inLane[Math.min(at + 1, inLane.length - 1)]);
      break;
    case 'ArrowLeft':
      focusBar(inLane[Math.max(at - 1, 0)]);
      break;
    case 'Home':
      focusBar(inLane[0]);
      break;
    case 'End':
      focusBar(inLane[inLane.length - 1]);
      break;
    case 'ArrowDown':
      moveTo(lanes[li + 1]);
      break;
    case 'ArrowUp':
      moveTo(lanes[li - 1]);
      break;
    case 'Enter':
    case ' ':
      open(b);
      break;
    default:
      return;
  }
  e.preventDefault();
});

// Tab into the lanes lands on the first visible interval.
content.addEventListener('focus', () => {
  const first = visibleLanes()[0]?.bars.find((x) => !x.el.hidden);
  focusBar(first);
});
content.tabIndex = 0;

document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (e.key === '+' || e.key === '=') setZoom(zoom * 2);
  else if (e.key === '-') setZoom(zoom / 2);
  else if (e.key === '0') setSpan(true);
  else return;
  e.preventDefault();
});

scroller.addEventListener(
  'wheel',
  (e) => {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    const r = scroller.getBoundingClientRect();
    setZoom(zoom * (e.deltaY < 0 ? 1.25 : 0.8), e.clientX - r.left);
  },
  { passive: false },
);

// Drag on a lane's empty track to pan.
let drag: { x: number; left: number } | undefined;
scroller.addEventListener('mousedown', (e) => {
  const t = e.target as HTMLElement;
  if (e.button !== 0 || !t.classList.contains('track')) return;
  drag = { x: e.clientX, left: scroller.scrollLeft };
  scroller.classList.add('panning');
});
window.addEventListener('mousemove', (e) => {
  if (drag) scroller.scrollLeft = drag.left - (e.clientX - drag.x);
});
window.addEventListener('mouseup', () => {
  drag = undefined;
  scroller.classList.remove('panning');
});
window.addEventListener('resize', () => setZoom(zoom));

let typing: ReturnType<typeof setTimeout> | undefined;
filter.addEventListener('input', () => {
  clearTimeout(typing);
  typing = setTimeout(() => {
    query = filter.value.trim();
    applyFilter();
    save();
  }, 150);
});
problemsBox.addEventListener('change', () => {
  problemsOnly = problemsBox.checked;
  applyFilter();
  save();
});
causePick.addEventListener('change', () => {
  cause = causePick.value;
  applyCause();
  save();
});

window.addEventListener('message', (e: MessageEvent<ToPage>) => {
  const m = e.data;
  if (m?.type === 'show') show(m.view, m.cause);
});
vscode.postMessage({ type: 'ready' });
