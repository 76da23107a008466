/**
 * `mustgather_get`: one object as YAML, found by subject (or one resource file by its path in
 * the must-gather), `metadata.managedFields` dropped. Both are confined to the gather: a name
 * with `..`, an absolute path and a link out of the gather are refused.
 */
import { boundedText, countOf, defaultTextBytes, maxTextBytes } from '../bounds';
import { relativePath } from '../confine';
import { findObject, objectsYaml, readDocuments } from '../objects';
import { Refusal } from '../refusal';
import { rootField } from '../schema';
import { parseSubject } from '../subjects';
import { defineTool } from '../tool';

export const getTool = defineTool({
  name: 'mustgather_get',
  title: 'Get an object',
  description:
    'One object of the must-gather as YAML (metadata.managedFields dropped), by subject as findings name it: co/machine-config, mcp/worker, node/<name>, cv/version, mc/<name>, mcn/<node>, pdb/<namespace>/<name>, pod/<namespace>/<name>, deploy/<namespace>/<name>, cm/<namespace>/<name>, ns/<name>; of a hosted cluster (a hypershift dump) hc/<namespace>/<name>, np/<namespace>/<name>, machine/<control-plane namespace>/<name>. Or a whole YAML/JSON file by its path relative to the must-gather (as findings and evidence give it; the management files of a hosted cluster as ../namespaces/…). Only files inside the must-gather are read: a name with "..", an absolute path or a link leading out of the gather is refused.',
  input: {
    type: 'object',
    properties: {
      root: rootField,
      subject: {
        type: 'string',
        description: 'The object, e.g. co/machine-config or node/<name>',
      },
      file: {
        type: 'string',
        description: 'Instead of subject: a .yaml, .yml or .json file, relative to the must-gather',
      },
      maxBytes: {
        type: 'integer',
        description: `Bytes of YAML given, default ${defaultTextBytes}, at most ${maxTextBytes}`,
      },
    },
  },
  async run(args, gathers) {
    if ((args.subject === undefined) === (args.file === undefined))
      throw new Refusal(
        'give either subject (co/machine-config, node/<name> …) or file (a path in the must-gather)',
      );
    const g = await gathers.one(args.root);
    const a = await gathers.analysed(g);
    let found: { subject: string | null; file: string; pointer: string; values: unknown[] };
    if (args.subject !== undefined) {
      const s = parseSubject(args.subject);
      const o = await findObject(a, s, gathers.limits);
      found = { subject: s.subject, file: o.file, pointer: o.pointer, values: [o.value] };
    } else {
      const rel = relativePath(args.file as string, g.boundary);
      if (!/\.(ya?ml|json)$/i.test(rel))
        throw new Refusal(
          `${rel} is not a .yaml, .yml or .json file: read logs with mustgather_logs`,
        );
      found = {
        subject: null,
        file: rel,
        pointer: '',
        values: await readDocuments(a, rel, gathers.limits),
      };
    }
    const yaml = objectsYaml(found.values);
    const cut = boundedText(
      yaml,
      countOf(args.maxBytes, defaultTextBytes, maxTextBytes),
      'ask with a larger maxBytes (the object is bigger than one answer)',
    );
    return {
      data: {
        root: g.id,
        subject: found.subject,
        file: found.file,
        pointer: found.pointer,
        yaml: cut.text,
        ...(cut.truncated ? { truncated: cut.truncated } : {}),
      },
      headline: `${found.subject ?? 'The file'} in ${g.id}, as YAML without metadata.managedFields (file and pointer in the data)${cut.truncated ? `; ${cut.truncated.note}` : ''}.`,
    };
  },
});
