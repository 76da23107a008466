/**
 * Prometheus' alerts as the must-gather holds them: `monitoring/prometheus/rules.json`, the body
 * of `GET /api/v1/rules` that `gather_monitoring` saves (every rule group, each alerting rule with
 * its pending and firing alerts), or `alerts.json` in the `GET /api/v1/alerts` shape. One alert is
 * one label set of one alerting rule; its location is the alert object in the file.
 */
import type { Location } from '../core/finding';
import { join } from '../yaml/pointer';
import { arr, date, rec, str, strMap } from './access';

/**
 * Alerts kept from one gather, the rest left unread: a real cluster fires tens, a broken one a
 * few thousand (one per pod of a crash-looping DaemonSet on a large cluster), so this bound only
 * cuts a file made to cost memory.
 */
export const maxAlerts = 10_000;

export interface Alert {
  /** The `alertname` label ('' when the alert carries none). */
  readonly name: string;
  readonly namespace: string | undefined;
  /** The `severity` label: `critical`, `warning`, `info`, `none`, … */
  readonly severity: string | undefined;
  /** `firing` or `pending` (Prometheus lists no inactive alert). */
  readonly state: string;
  /** When its expression first held (the start of `pending`). */
  readonly activeAt: Date | undefined;
  readonly labels: Readonly<Record<string, string>>;
  readonly summary: string | undefined;
  readonly description: string | undefined;
  /** The older operators' single annotation, before `summary` and `description`. */
  readonly message: string | undefined;
  readonly runbook: string | undefined;
  /** The alert object in its file. */
  readonly location: Location;
}

/** Alerts read from one file, or why the file holds none. */
export type AlertsRead =
  | { ok: true; alerts: Alert[]; leftOut: number }
  | { ok: false; problem: string };

/**
 * The alerts of a parsed `rules.json` (`shape: 'rules'`) or `alerts.json` (`'alerts'`), at most
 * `limit`. A body that is not Prometheus' answer (its error response, an HTML page, another
 * object) is a problem in words, for the one `yaml-invalid` finding of the file.
 */
export function readAlerts(
  value: unknown,
  file: string,
  shape: 'rules' | 'alerts',
  limit = maxAlerts,
): AlertsRead {
  const body = rec(value);
  if (!body) return { ok: false, problem: `is not a Prometheus API response (${kindOf(value)})` };
  if (body.status === 'error') {
    const why = [str(body.errorType), str(body.error)].filter((x) => x).join(': ');
    return {
      ok: false,
      problem: `holds Prometheus' error response${why ? ` (${why})` : ''}, not its ${shape}`,
    };
  }
  const data = rec(body.data);
  const list = shape === 'rules' ? data?.groups : data?.alerts;
  if (!Array.isArray(list)) {
    const api = shape === 'rules' ? '/api/v1/rules' : '/api/v1/alerts';
    const field = shape === 'rules' ? 'data.groups' : 'data.alerts';
    return { ok: false, problem: `is not a Prometheus ${api} response (no ${field} list)` };
  }
  const alerts: Alert[] = [];
  let leftOut = 0;
  const add = (raw: unknown, pointer: string) => {
    const a = rec(raw);
    if (!a) return;
    if (alerts.length >= limit) leftOut++;
    else alerts.push(alertOf(a, { file, doc: 0, pointer }));
  };
  if (shape === 'alerts') {
    list.forEach((a, i) => add(a, join('', 'data', 'alerts', i)));
  } else {
    list.forEach((g, gi) =>
      arr(rec(g)?.rules).forEach((r, ri) => {
        const rule = rec(r);
        if (rule?.type !== 'alerting') return;
        arr(rule.alerts).forEach((a, ai) =>
          add(a, join('', 'data', 'groups', gi, 'rules', ri, 'alerts', ai)),
        );
      }),
    );
  }
  return { ok: true, alerts, leftOut };
}

function alertOf(raw: Record<string, unknown>, location: Location): Alert {
  const labels = strMap(raw.labels);
  const annotations = strMap(raw.annotations);
  const nonEmpty = (s: string | undefined) => (s ? s : undefined);
  return {
    name: labels.alertname ?? '',
    namespace: nonEmpty(labels.namespace),
    severity: nonEmpty(labels.severity),
    state: str(raw.state) ?? '',
    activeAt: date(raw.activeAt),
    labels,
    summary: nonEmpty(annotations.summary),
    description: nonEmpty(annotations.description),
    message: nonEmpty(annotations.message),
    runbook: nonEmpty(annotations.runbook_url),
    location,
  };
}

function kindOf(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'string' ? 'text' : `a ${typeof v}`;
}

/**
 * The same alert read from both files (`rules.json` lists every alert that `alerts.json` does):
 * its identity is its label set.
 */
export function alertKey(a: Alert): string {
  return JSON.stringify(Object.entries(a.labels).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}

/** Firing and pending alerts of these names whose labels hold every given value. */
export function alertsMatching(
  alerts: readonly Alert[],
  names: readonly string[],
  labels: Readonly<Record<string, string>> = {},
): Alert[] {
  return alerts.filter(
    (a) =>
      names.includes(a.name) &&
      (a.state === 'firing' || a.state === 'pending') &&
      Object.entries(labels).every(([k, v]) => a.labels[k] === v),
  );
}
