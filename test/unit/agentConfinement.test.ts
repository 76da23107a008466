/**
 * The agent core's one confinement over MCP: every hostile call of the table (`..`, absolute
 * paths, links out of the gather at every depth, in every path-like argument, `root` included)
 * is the tool's error result, its sentence saying what was refused and why, nothing of the
 * outside shown. The language-model tools are held to the same table (test/lsp/agentTools).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hostileGather, outsideText, toolsWithPaths } from '../support/hostileGather';
import { startMcp } from '../support/mcp';
import type { McpRun } from '../support/mcp';

const hostile = hostileGather();
after(() => hostile.remove());

describe('agent tools over MCP: one confinement', () => {
  let mcp: McpRun;
  before(async () => {
    mcp = await startMcp([hostile.path]);
  });
  after(() => mcp.close());

  it('covers every tool that takes a path-like argument', () => {
    const covered = new Set(hostile.calls.map((c) => c.tool));
    assert.deepEqual(
      toolsWithPaths.filter((t) => !covered.has(t)),
      [],
    );
  });

  for (const c of hostile.calls)
    it(`refuses ${c.tool} ${JSON.stringify(c.args)}`, async () => {
      const a = await mcp.call(c.tool, c.args);
      assert.equal(a.isError, true, `answered: ${a.text.slice(0, 400)}`);
      assert.match(a.text, c.why);
      assert.doesNotMatch(a.text, outsideText);
      assert.doesNotMatch(a.text, / failed: /, 'a refusal, not an internal error');
    });

  it('still answers inside the gather', async () => {
    const a = await mcp.call('mustgather_get', { subject: 'co/machine-config' });
    assert.equal(a.isError, false, a.text);
  });
});
