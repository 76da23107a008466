/**
 * The objects of each must-gather as an agent reads them outside a tool (MCP resources): listed
 * from the analysis (the objects the rules read), read as YAML without `metadata.managedFields`
 * through the confined reader `mustgather_get` uses, and given as every answer is: bounded in
 * bytes, fenced, said to be data.
 */
import { boundedText, maxTextBytes } from './bounds';
import type { Gathers } from './gathers';
import { findObject, objectsYaml, snapshotObjects } from './objects';
import { fenced } from './quote';
import { parseSubject } from './subjects';

/** Objects listed per must-gather: those of a big cluster run to thousands. */
const maxListed = 2000;

export async function listObjects(gathers: Gathers): Promise<{ root: string; subject: string }[]> {
  const out = [];
  for (const g of await gathers.all()) {
    const a = await gathers.analysed(g);
    for (const o of snapshotObjects(a.analysis.snapshot).slice(0, maxListed))
      out.push({ root: g.id, subject: o.subject });
  }
  return out;
}

/** One object's YAML, fenced; refused (a Refusal) as `mustgather_get` refuses it. */
export async function readObject(gathers: Gathers, root: string, subject: string): Promise<string> {
  const g = await gathers.one(root);
  const a = await gathers.analysed(g);
  const s = parseSubject(subject);
  const o = await findObject(a, s, gathers.limits);
  const yaml = objectsYaml([o.value]);
  const cut = boundedText(yaml, maxTextBytes, 'read it with mustgather_get in parts');
  return `${s.subject} in ${g.id} (${o.file}${o.pointer ? ` at ${o.pointer}` : ''})${cut.truncated ? `; ${cut.truncated.note}` : ''}:\n${fenced(cut.text, 'yaml')}`;
}
