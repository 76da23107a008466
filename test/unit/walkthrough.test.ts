import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../support/fixtures';

interface Step {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string };
  completionEvents?: string[];
}

interface Contributes {
  commands: { command: string }[];
  views: Record<string, { id: string }[]>;
  viewsWelcome: { view: string; contents: string; when: string }[];
  walkthroughs: { id: string; title: string; steps: Step[] }[];
}

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  contributes: Contributes;
};
const c = pkg.contributes;
const commands = new Set(c.commands.map((x) => x.command));
const views = Object.values(c.views).flatMap((v) => v.map((x) => x.id));
/** What a link may run: a contributed command, a contributed view's focus, or VS Code's own. */
const runnable = (id: string) =>
  commands.has(id) ||
  views.some((v) => id === `${v}.focus`) ||
  id === 'workbench.action.files.openFolder';
const links = (text: string) => [...text.matchAll(/\]\(command:([\w.]+)\)/g)].map((m) => m[1]!);

describe('the walkthrough', () => {
  const [walkthrough] = c.walkthroughs;

  it('has the steps of issues 27 and 28, each doing something and done by doing it', () => {
    assert.equal(c.walkthroughs.length, 1);
    assert.ok(walkthrough);
    assert.deepEqual(
      walkthrough.steps.map((s) => s.id),
      ['open', 'status', 'findings', 'timeline', 'compare'],
    );
    for (const s of walkthrough.steps) {
      const run = links(s.description);
      assert.ok(run.length > 0, `${s.id} offers a button`);
      for (const id of run) assert.ok(runnable(id), `${s.id} runs ${id}`);
      assert.ok((s.completionEvents ?? []).length > 0, `${s.id} completes`);
      for (const e of s.completionEvents ?? []) {
        const [kind, what] = e.split(/:(.*)/s);
        if (kind === 'onCommand') assert.ok(runnable(what!), e);
        else if (kind === 'onView') assert.ok(views.includes(what!), e);
        else assert.equal(kind, 'onContext', e);
      }
    }
  });

  it('ships each step’s page and the pictures it shows', () => {
    const shipped = readFileSync(join(repoRoot, '.vscodeignore'), 'utf8').split('\n');
    assert.ok(shipped.includes('!docs/walkthrough/**'), '.vscodeignore lets the pages in');
    assert.ok(shipped.includes('!docs/*.png'), 'and the pictures they show');
    for (const s of walkthrough!.steps) {
      const page = s.media.markdown ?? '';
      assert.ok(page.startsWith('docs/walkthrough/'), `${s.id}: ${page}`);
      const text = readFileSync(join(repoRoot, page), 'utf8');
      assert.match(text, /^# /, `${page} opens with a title`);
      for (const m of text.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)) {
        const image = join(repoRoot, dirname(page), m[1]!);
        assert.ok(image.startsWith(join(repoRoot, 'docs') + '/') && image.endsWith('.png'), image);
        assert.ok(existsSync(image), `${page} shows ${m[1]}`);
      }
    }
  });

  it('is offered where the Findings view is empty, with commands the extension has', () => {
    const welcome = c.viewsWelcome.find((w) => w.view === 'mustGatherInspector.findings');
    assert.ok(welcome);
    assert.equal(welcome.when, '!mustGatherInspector.hasMustGather');
    assert.deepEqual(links(welcome.contents), [
      'mustGatherInspector.openArchive',
      'mustGatherInspector.openWalkthrough',
    ]);
    for (const id of links(welcome.contents)) assert.ok(commands.has(id), id);
  });
});
