/**
 * A cause: the findings one problem produced, told once. Every finding of an analysis belongs to
 * exactly one cause; a finding nothing explains is a cause of its own. Plain data, shared by every
 * front end (CLI text and JSON, the Findings view, status's Update Health).
 */
import type { ChainLink, Severity, Subject } from './finding';

export interface Cause {
  /** Stable across runs of one gather: the root finding's rule and subject (`node-mcd-degraded@mcp/worker`). */
  id: string;
  /** One line naming the root: the object, what is wrong with it, and what it holds back. */
  title: string;
  /** The worst level among its findings. */
  level: Severity;
  /** The objects involved, the root's first. */
  subjects: Subject[];
  /** Indexes into the analysis' findings, in causal order: the root(s) first, then what follows. */
  findings: number[];
  /**
   * The way from the reporting operator down to the root (operator → workload → pod → container →
   * node → log line), each step with its evidence: the first root finding's, else the first of its
   * findings' that has one (a pod's on the node that is the root).
   */
  chain?: ChainLink[];
}
