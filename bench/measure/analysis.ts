/** In-process facts about a generated must-gather: which files the analysis reads, and where. */
import { statSync, writeFileSync } from 'node:fs';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';

export interface AnalysisFacts {
  filesRead: string[];
  bytesRead: number;
  operatorFile: string;
  /** A MachineConfigPool's file (a hosted cluster: a NodePool's). */
  poolFile: string;
  /** Bytes of the Node files the analysis reads. */
  nodeBytes: number;
  /** A node the analysis reports on (a Degraded one when there is one). */
  nodeFile: string;
  findings: number;
  rules: string[];
}

export async function analysisFacts(dir: string): Promise<AnalysisFacts> {
  const roots = await discoverRoots(dir);
  const root = roots[0];
  if (!root || roots.length !== 1) throw new Error(`expected one must-gather root in ${dir}`);
  // As `analyze` reads it: a hosted cluster's settled NodePools' Machines are left unread.
  const a = await analyzeRoot(root, analysisContext({ everyMachine: false }));
  // A hosted cluster's guest runs no machine-config operator and has NodePools, not pools.
  const operator =
    a.snapshot.operators.find((o) => o.name === 'machine-config') ?? a.snapshot.operators[0];
  const pool = a.snapshot.pools.find((p) => p.name === 'worker') ?? a.snapshot.hosted?.nodePools[0];
  const nodes = a.snapshot.nodes;
  const node = nodes.find((n) => n.mcdState === 'Degraded') ?? nodes[0];
  if (!operator || !pool || !node) throw new Error('no operator, pool (or NodePool) or node');
  const filesRead = [...new Set(a.filesRead)];
  return {
    filesRead,
    bytesRead: filesRead.reduce((n, f) => n + statSync(f).size, 0),
    operatorFile: operator.source.file,
    poolFile: pool.source.file,
    nodeFile: node.source.file,
    nodeBytes: nodes.reduce((n, x) => n + statSync(x.source.file).size, 0),
    findings: a.findings.length,
    rules: [...new Set(a.findings.map((f) => f.rule))].sort(),
  };
}

export function writeList(path: string, files: string[]): void {
  writeFileSync(path, files.join('\n') + '\n');
}
