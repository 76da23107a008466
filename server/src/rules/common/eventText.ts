/**
 * Warning events as related evidence of a finding: the event's reason, how often and when it was
 * last seen (from the gather time), and its message, on the event in its file. At most
 * `maxCited` per finding, newest first.
 */
import type { RelatedLocation } from '../../core/finding';
import { ago, clip } from '../../core/text';
import { drainEventReasons, eventsAbout } from '../../model/events';
import type { KubeEvent } from '../../model/events';
import type { Snapshot } from '../../model/snapshot';
import { rel } from '../rule';

/** Events cited by one finding: the newest tell the story; the rest are in the file. */
const maxCited = 3;

/** The events of a node's drain (`FailedToDrain`, `DrainThresholdExceeded`, `DrainFailed`). */
export function drainEvents(s: Snapshot, node: string): KubeEvent[] {
  return eventsAbout(s.events, { kind: 'Node', name: node }).filter((e) =>
    drainEventReasons.has(e.reason),
  );
}

export function eventEvidence(s: Snapshot, events: readonly KubeEvent[]): RelatedLocation[] {
  return events.slice(0, maxCited).flatMap((e) => {
    const times = e.count > 1 ? `${e.count} times, last ` : '';
    const r = rel(
      e.location,
      `event ${clip(e.reason, 60)} (${times}${e.last ? ago(e.last, s.gatherTime) : 'time unknown'}): ${clip(e.message, 160)}`,
    );
    return r ? [r] : [];
  });
}
