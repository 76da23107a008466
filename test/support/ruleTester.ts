/**
 * Rule tests in the shape of ESLint's RuleTester: per rule, snapshots it must stay quiet on
 * (valid) and snapshots with the exact findings it must report, in order (invalid).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { messageMaxLength, severityRank } from '../../server/src/core/finding';
import type {
  Finding,
  Location,
  RelatedLocation,
  Severity,
  Subject,
} from '../../server/src/core/finding';
import type { Snapshot } from '../../server/src/model/snapshot';
import type { Rule, RuleContext } from '../../server/src/rules/rule';
import { ruleContext } from './rules';
import { loadFixture } from './snapshot';

interface Case {
  name: string;
  /** A fresh snapshot per call: cases mutate it freely (see `snapshotOf`). */
  snapshot: () => Promise<Snapshot>;
  /** The default limits unless the case needs others. */
  context?: RuleContext;
}

export interface ValidCase extends Case {
  /** Only findings at or above this severity fail the case; by default any finding does. */
  atOrAbove?: Severity;
  /** Why the rule must stay quiet, reported when it does not. */
  reason?: string;
}

/** Holds for one related location; an expected finding needs some related location per predicate. */
type RelatedPredicate = (related: RelatedLocation, snapshot: Snapshot) => boolean;

export interface ExpectedFinding {
  severity: Severity;
  subject: Subject;
  /** Every pattern must match the finding's words: its message, then its detail. */
  message: RegExp | [RegExp, ...RegExp[]];
  /** The whole expected location, deep-equal. */
  location?: (snapshot: Snapshot) => Location;
  related?: RelatedPredicate[];
  /** The finding's cause key, for another rule's `explains` (deep-equal, undefined included). */
  cause?: string;
}

export interface InvalidCase extends Case {
  /** Every finding the rule reports, in order. */
  findings: ExpectedFinding[];
  /** Assertions that do not fit ExpectedFinding, run after it matched. */
  check?: (findings: Finding[], snapshot: Snapshot) => void;
}

export function ruleTester(
  rule: Rule,
  cases: { valid: readonly ValidCase[]; invalid: readonly InvalidCase[] },
): void {
  describe(rule.meta.id, () => {
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, async () => {
        const found = rule
          .check(await c.snapshot(), c.context ?? ruleContext)
          .filter((f) => !c.atOrAbove || severityRank(f.severity) <= severityRank(c.atOrAbove));
        assert.deepEqual(found, [], c.reason && `${c.reason}; found ${summary(found)}`);
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, async () => {
        const s = await c.snapshot();
        const found = rule.check(s, c.context ?? ruleContext);
        assert.deepEqual(
          found.map((f) => [f.severity, f.subject]),
          c.findings.map((e) => [e.severity, e.subject]),
          `severity and subject of each finding; found ${summary(found)}`,
        );
        for (const f of found) assertShortMessage(f);
        c.findings.forEach((e, i) => {
          const f = found[i]!;
          assert.equal(f.rule, rule.meta.id);
          for (const re of [e.message].flat()) assert.match(wordsOf(f), re);
          if (e.location) assert.deepEqual(f.location, e.location(s));
          if ('cause' in e) assert.equal(f.cause, e.cause);
          for (const p of e.related ?? []) {
            assert.ok(
              f.related.some((r) => p(r, s)),
              `no related location of ${f.subject} satisfies ${String(p)}; related: ${f.related.map((r) => `${r.pointer} ${r.message}`).join(' | ')}`,
            );
          }
        });
        c.check?.(found, s);
      });
    }
  });
}

/** What a finding says, message then detail, for patterns that may match either. */
export function wordsOf(f: Finding): string {
  return f.detail ? `${f.message}\n${f.detail}` : f.message;
}

/**
 * The message contract (issue 26): one plain line a list shows whole, the rest in `detail`.
 */
export function assertShortMessage(f: Finding): void {
  const where = `${f.rule} on ${f.subject}: ${f.message}`;
  assert.ok(f.message.length <= messageMaxLength, `message over ${messageMaxLength}: ${where}`);
  assert.ok(!f.message.includes('`'), `backtick in message: ${where}`);
  assert.ok(!/[\r\n]/.test(f.message), `newline in message: ${where}`);
  assert.ok(f.message.trim() !== '', `empty message: ${f.rule} on ${f.subject}`);
  // finding() clips an over-long message as a last resort; a rule's own words end whole.
  assert.ok(!f.message.endsWith('…'), `message cut by the length bound: ${where}`);
}

/** A case's snapshot: a fresh load of the fixture, then the mutations in order. */
export function snapshotOf(
  scenario: string,
  ...mutations: ((s: Snapshot) => void)[]
): () => Promise<Snapshot> {
  return async () => {
    const { snapshot } = await loadFixture(scenario);
    for (const m of mutations) m(snapshot);
    return snapshot;
  };
}

function summary(found: Finding[]): string {
  return found.length
    ? found.map((f) => `${f.severity} ${f.subject}: ${f.message.slice(0, 80)}`).join('; ')
    : 'none';
}
