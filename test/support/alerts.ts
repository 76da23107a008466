/**
 * Prometheus alerts for rule tests, read by the model's own parser from an `/api/v1/alerts` body,
 * so a test's alert is what a gather's file would give.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readAlerts } from '../../server/src/model/alerts';
import type { Alert } from '../../server/src/model/alerts';
import type { Snapshot } from '../../server/src/model/snapshot';

export interface AlertInput {
  /** The alert's labels, `alertname` among them (left out to test an alert without one). */
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  state?: 'firing' | 'pending';
  /** Minutes before the snapshot's gather time (negative: after it). */
  minutesAgo?: number;
}

/** The alerts, as if read from `<root>/monitoring/prometheus/alerts.json`. */
function alertsIn(s: Snapshot, inputs: AlertInput[]): Alert[] {
  const gather = s.gatherTime!.getTime();
  const body = {
    status: 'success',
    data: {
      alerts: inputs.map((a) => ({
        labels: a.labels,
        annotations: a.annotations ?? {},
        state: a.state ?? 'firing',
        ...(a.minutesAgo === undefined
          ? {}
          : { activeAt: new Date(gather - a.minutesAgo * 60_000).toISOString() }),
        value: '1e+00',
      })),
    },
  };
  const read = readAlerts(body, join(s.root.path, 'monitoring/prometheus/alerts.json'), 'alerts');
  assert.ok(read.ok);
  return read.alerts;
}

/** A mutation that replaces the snapshot's alerts. */
export const withAlerts =
  (...inputs: AlertInput[]) =>
  (s: Snapshot): void => {
    s.alerts = alertsIn(s, inputs);
  };
