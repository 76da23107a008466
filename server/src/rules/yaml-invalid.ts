/**
 * yaml-invalid: a file the analysis needs cannot be read or parsed. Not a check over a Snapshot:
 * the analysis reports it while it loads files (`analysis/fileProblems.ts`); its definition lives
 * here so that it has a level, a setting and a page like every rule.
 */
import type { RuleMeta } from './rule';

export const yamlInvalid: RuleMeta = {
  id: 'yaml-invalid',
  defaultSeverity: 'error',
  levels: 'error',
  description: 'a file the analysis needs cannot be read or parsed',
  explanation: 'a file the analysis needs does not parse (or is binary, or too large).',
  impact: 'None',
  reads: ['file'],
};
