/**
 * The generated files: the README's rules table and CLI commands, package.json's rule settings
 * and language-model tools.
 * `npm run generate` writes them; a test fails when one is stale.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allRuleMeta } from '../../server/src/rules/registry';
import { packageWithAgentTools } from './agentTools';
import { readmeWithCliSection } from './cliDocs';
import { packageWithRuleIds, readmeWithRulesTable } from './rulesDocs';

export interface GeneratedFile {
  /** Relative to the repository. */
  path: string;
  text: string;
}

/** Every generated file as it should read now. */
export function generatedFiles(repo: string): GeneratedFile[] {
  const metas = allRuleMeta();
  const read = (p: string) => readFileSync(join(repo, p), 'utf8');
  return [
    {
      path: 'README.md',
      text: readmeWithCliSection(readmeWithRulesTable(read('README.md'), metas)),
    },
    {
      path: 'package.json',
      text: packageWithAgentTools(packageWithRuleIds(read('package.json'), metas)),
    },
  ];
}
