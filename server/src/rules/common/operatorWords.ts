/**
 * Words the operator rules (operator-degraded, -unavailable, -not-upgradeable, -not-leveled) and
 * the machine-config ones share: since when a condition holds; the operator's own words,
 * quoted short; a finding whose level follows the condition's age, with
 * that age's note in the detail.
 */
import type { Finding } from '../../core/finding';
import { messageMaxLength, quoteMaxLength } from '../../core/finding';
import { clip, when } from '../../core/text';
import type { Condition } from '../../model/condition';
import type { KubeObject } from '../../model/kubeObject';
import type { Snapshot } from '../../model/snapshot';
import { levelByAge } from './ages';
import { assessmentOf, finding } from '../rule';
import type { Rule, RuleContext } from '../rule';
import { paragraphs } from './words';

/** `since 2021-03-25T09:18:42Z (3h1m before the gather)`, or `since an unknown time`. */
export function since(d: Date | undefined, gatherTime: Date | undefined): string {
  return d ? `since ${when(d, gatherTime)}` : 'since an unknown time';
}

/** The condition's reason and message, `Reason: message`, or '' when it gives neither. */
export function conditionWords(c: Condition): string {
  return [c.reason, c.message].filter((x) => x !== '').join(': ');
}

/**
 * `head` and the condition's words quoted, clipped inside the quotes to what the line has room
 * for (at most `max` characters) so that the message ends whole:
 * `machine-config is Degraded for 4h29m: "RequiredPoolsFailed: Unable to apply…"`. The words go
 * to the detail alone when too little room is left.
 */
export function withQuote(head: string, c: Condition, max = 100): string {
  const words = conditionWords(c);
  const room = Math.min(max, messageMaxLength - head.length - 4);
  return words && room >= 30 ? `${head}: "${clip(words, room)}"` : head;
}

/**
 * A finding on an operator's condition whose level follows its age (Available, Degraded), as
 * `oc adm upgrade status` judges them: the age's note joins the detail before what to do.
 */
export function agedOperatorFinding(
  rule: Rule,
  s: Snapshot,
  context: RuleContext,
  o: KubeObject,
  c: Condition,
  words: { message: string; why: string[]; todo: string },
  errorAfterMinutes: number,
): Finding {
  const aged = levelByAge(c.lastTransitionTime, assessmentOf(s, context).now, errorAfterMinutes);
  const f = finding(
    rule,
    o.subject,
    c.location,
    { message: words.message, detail: paragraphs(...words.why, aged.note, words.todo) },
    [],
    aged.severity,
    c.lastTransitionTime,
  );
  if (c.message) f.quote = clip(c.message, quoteMaxLength);
  return f;
}
