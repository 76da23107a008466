/**
 * A unified diff (`diff -u` layout, 3 lines of context) of two normalised MachineConfig texts.
 * Rendered configs are large (up to MiBs) and usually differ in a few lines, so the common
 * prefix and suffix are trimmed first and Myers' O(ND) algorithm runs on the rest only.
 */

type Op = { kind: ' ' | '-' | '+'; line: string };

const context = 3;
/**
 * Past this many edited lines Myers' time and trace memory (O(D²)) grow too much; the changed
 * middle is then shown as one replaced block, which is still a correct diff.
 */
const maxEdits = 3000;

/** `''` when the texts are equal. */
export function unifiedDiff(textA: string, textB: string, nameA: string, nameB: string): string {
  if (textA === textB) return '';
  const a = splitLines(textA);
  const b = splitLines(textB);
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (
    suf < a.length - pre &&
    suf < b.length - pre &&
    a[a.length - 1 - suf] === b[b.length - 1 - suf]
  ) {
    suf++;
  }
  const ops: Op[] = [];
  for (let i = 0; i < pre; i++) ops.push({ kind: ' ', line: a[i]! });
  ops.push(...middle(a.slice(pre, a.length - suf), b.slice(pre, b.length - suf)));
  for (let i = a.length - suf; i < a.length; i++) ops.push({ kind: ' ', line: a[i]! });
  return [`--- ${nameA}`, `+++ ${nameB}`, ...hunks(ops)].join('\n') + '\n';
}

function splitLines(s: string): string[] {
  const lines = s.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Myers' greedy forward algorithm with a trace per edit distance, then a backtrack. */
function middle(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const replaced = (): Op[] => [
    ...a.map((line): Op => ({ kind: '-', line })),
    ...b.map((line): Op => ({ kind: '+', line })),
  ];
  if (n === 0 || m === 0) return replaced();
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    // Only diagonals -d..d can be read when backtracking step d: keep just those.
    trace.push(v.slice(offset - d, offset + d + 1));
    const next = v;
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && next[offset + k - 1]! < next[offset + k + 1]!)
          ? next[offset + k + 1]!
          : next[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    v = next;
  }
  if (found < 0) return replaced();
  // Backtrack from (n, m) through the saved frontiers.
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const prev = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && prev[d + k - 1]! < prev[d + k + 1]!);
    const pk = down ? k + 1 : k - 1;
    const px = prev[d + pk]!;
    const py = px - pk;
    while (x > (down ? px : px + 1) && y > (down ? py + 1 : py)) {
      ops.push({ kind: ' ', line: a[--x]! });
      y--;
    }
    if (down) ops.push({ kind: '+', line: b[--y]! });
    else ops.push({ kind: '-', line: a[--x]! });
  }
  while (x > 0 && y > 0) {
    ops.push({ kind: ' ', line: a[--x]! });
    y--;
  }
  return ops.reverse();
}

/** Groups operations into hunks with `context` lines around each change. */
function hunks(ops: Op[]): string[] {
  const out: string[] = [];
  const changes: number[] = [];
  ops.forEach((o, i) => {
    if (o.kind !== ' ') changes.push(i);
  });
  let i = 0;
  // Line numbers advance incrementally: hunks come in order, so the ops are walked once.
  let pos = 0;
  let lineA = 1;
  let lineB = 1;
  while (i < changes.length) {
    const start = Math.max(0, changes[i]! - context);
    let end = changes[i]!;
    // Extend while the next change is close enough to share context.
    while (i + 1 < changes.length && changes[i + 1]! - end <= 2 * context) end = changes[++i]!;
    end = Math.min(ops.length - 1, end + context);
    i++;
    for (; pos < start; pos++) {
      if (ops[pos]!.kind !== '+') lineA++;
      if (ops[pos]!.kind !== '-') lineB++;
    }
    const body: string[] = [];
    let countA = 0;
    let countB = 0;
    for (let j = start; j <= end; j++) {
      const o = ops[j]!;
      body.push(o.kind + o.line);
      if (o.kind !== '+') countA++;
      if (o.kind !== '-') countB++;
    }
    // diff -u convention: an empty side is numbered by the line before it.
    const range = (line: number, count: number) => `${count === 0 ? line - 1 : line},${count}`;
    out.push(`@@ -${range(lineA, countA)} +${range(lineB, countB)} @@`, ...body);
  }
  return out;
}
