/** OpenShift release versions (`4.7.4`, `4.10.0-0.nightly-2021-11-03-020416`), for version-aware messages. */

export interface Release {
  major: number;
  minor: number;
  patch: number;
  /** Build date of a nightly or CI payload, when the version names one. */
  built?: Date;
}

export function parseRelease(v: string | undefined): Release | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(v ?? '');
  if (!m) return undefined;
  const r: Release = { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
  const d = /(\d{4})-(\d{2})-(\d{2})-\d{6}$/.exec(v ?? '');
  if (d) r.built = new Date(`${d[1]}-${d[2]}-${d[3]}T00:00:00Z`);
  return r;
}

/** True when the release is at least major.minor. */
export function atLeast(r: Release | undefined, major: number, minor: number): boolean {
  return !!r && (r.major > major || (r.major === major && r.minor >= minor));
}

/** `1.20.0+bafe72f` or `v1.22.1+674f31e` → minor 20 / 22. */
export function kubeletMinor(v: string | undefined): number | undefined {
  const m = /^v?1\.(\d+)\./.exec(v ?? '');
  return m ? Number(m[1]) : undefined;
}

/** OpenShift 4.y ships Kubernetes 1.(y + 13): 4.7 → 1.20, 4.15 → 1.28. */
export const kubeToOpenShiftMinor = 13;

/**
 * Minors a kubelet may trail the API server on OpenShift 4.y: 2 on even y, 1 on odd y (the
 * kube-apiserver operator's `KubeletVersionSkewController`, release-4.9 … main).
 */
export function allowedKubeletSkew(openshiftMinor: number): number {
  return openshiftMinor % 2 === 0 ? 2 : 1;
}

/** Whether release `a` is of a newer minor than `b` (`4.19.1` against `4.18.22`); false when either is unknown. */
export function newerMinor(a: string | undefined, b: string | undefined): boolean {
  const x = parseRelease(a);
  const y = parseRelease(b);
  return !!x && !!y && (x.major > y.major || (x.major === y.major && x.minor > y.minor));
}
