import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { HostMessage } from '../../../src/protocol/messages';
import type { TranscriptEntry } from '../../../src/protocol/transcript';
import { buildPanelBundle, openGuardedPage, settle, type PanelBundle } from '../../support/guardedWebviewPage';
import { useHarnessPage } from '../../support/harnessPage';

const card = (id: string, name: string, params: Record<string, unknown>, status: string): TranscriptEntry => ({
  id: `call-${id}`, kind: 'tool-call', text: '', turnId: 't1', meta: { name, callId: id, params, status, startedAt: 1000 },
});
const asking = (id: string, tool: string, text: string): TranscriptEntry => ({ id: `approval-${id}`, kind: 'approval', text, turnId: 't1', meta: { tool, callId: id, phase: 'request' } });

/** A panel with a button of every kind: approvals of a command, an MCP call and an edit, a code block, changes, a queued message. */
const ENTRIES: TranscriptEntry[] = [
  { id: 'u1', kind: 'user', text: 'Run the build, write the file, fix the greeting', turnId: 't1', meta: { checkpoint: true } },
  { id: 'a1', kind: 'assistant', text: 'Here is the constant:\n\n```ts\nexport const answer = 42;\n```\n', turnId: 't1' },
  card('b1', 'Bash', { command: 'npm run build' }, 'awaiting'), asking('b1', 'Bash', '$ npm run build'),
  card('m1', 'mcp__files__write_file', { path: 'notes.md' }, 'awaiting'), asking('m1', 'mcp__files__write_file', '{"path":"notes.md"}'),
  card('e1', 'Edit', { path: 'src/a.ts', old_string: 'Hello', new_string: 'Hi' }, 'awaiting'), asking('e1', 'Edit', '--- a/src/a.ts\n+++ b/src/a.ts\n-Hello\n+Hi'),
  { id: 'changes-t1', kind: 'changes', text: '', turnId: 't1', meta: { changes: [{ path: 'src/a.ts', kind: 'modified', added: 1, removed: 1 }] } },
];
const snapshot = (busy: boolean): HostMessage => ({ type: 'snapshot', entries: ENTRIES, busy, onboarding: null, usage: null, planMode: true, queued: [{ id: 'q1', text: 'And the tests' }] });

/** Source text for the page: every visible control of the composer's row, by its box. */
const ROW_BOXES = `[...document.querySelectorAll('#composer .composer-row > *, #composer .composer-row .mode-group > *')]
  .filter((e) => e.getClientRects().length > 0 && !e.classList.contains('spacer') && !e.classList.contains('mode-group'))
  .map((e) => { const r = e.getBoundingClientRect(); return { id: e.id, top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) }; })`;

/**
 * Every button and toggle on screen whose accessible name lacks its visible word (WCAG 2.5.3, label in name):
 * the name is aria-label (or the labelling element's text), else the text; the visible word is the rendered text.
 */
const LABEL_IN_NAME = `(() => {
  const norm = (t) => (t || '').replace(/\\s+/g, ' ').trim().toLowerCase();
  const controls = [...document.querySelectorAll('button, vscode-button, [role="button"], [aria-pressed], summary, a[href]')]
    .filter((e) => e.getClientRects().length > 0);
  const named = controls.map((e) => {
    const by = e.getAttribute('aria-labelledby');
    const name = e.getAttribute('aria-label') ?? (by ? by.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : e.textContent);
    return { tag: e.tagName.toLowerCase(), id: e.id, visible: norm(e.innerText), name: norm(name) };
  });
  return { count: named.length, problems: named.filter((c) => c.visible && !c.name.includes(c.visible)) };
})()`;

describe('the composer at side-bar widths, and every control named by its word (Chromium, issue 34)', function () {
  this.timeout(120_000);
  const chromium = useHarnessPage('markdownDomHarness', 'window.__name = (f) => f;');
  let bundle: PanelBundle;
  let page: Page;

  before(async () => {
    bundle = await buildPanelBundle();
    page = (await openGuardedPage(chromium.browser, bundle, { csp: true })).page;
  });
  after(async () => {
    await page?.close();
  });

  async function show(width: number, surface: 'view' | 'editor', busy: boolean): Promise<Array<{ id: string; top: number; bottom: number; left: number; right: number }>> {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate((s) => (document.body.dataset.surface = s), surface);
    await page.evaluate((m) => window.postMessage(m, '*'), snapshot(busy));
    await settle(page);
    return (await page.evaluate(ROW_BOXES)) as Array<{ id: string; top: number; bottom: number; left: number; right: number }>;
  }

  for (const width of [240, 300, 400]) {
    for (const surface of ['view', 'editor'] as const) {
      it(`${width} px, ${surface === 'view' ? 'the side panel' : 'an editor tab'}: the controls take one row, within the panel`, async () => {
        for (const busy of [false, true]) {
          const boxes = await show(width, surface, busy);
          const expected = [...(surface === 'editor' ? ['history-toggle'] : []), 'plan-mode', 'review-after', 'attach-image', ...(surface === 'editor' ? ['new-chat'] : []), ...(busy ? ['stop'] : []), 'send'];
          assert.deepEqual(boxes.map((b) => b.id).sort(), expected.sort(), `busy: ${busy}`);
          const tops = new Set(boxes.map((b) => b.top));
          assert.equal(tops.size, 1, `one row, busy: ${busy}: ${JSON.stringify(boxes)}`);
          assert.ok(Math.max(...boxes.map((b) => b.right)) <= width, `nothing past the panel's edge: ${JSON.stringify(boxes)}`);
        }
      });
    }
  }

  it('the side panel leaves History and New Chat to its title bar; the modes are one group of toggles', async () => {
    await show(300, 'view', false);
    assert.equal(await page.getByRole('button', { name: 'History' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'New Chat' }).count(), 0);
    const modes = page.getByRole('group', { name: 'Modes' });
    assert.equal(await modes.getByRole('button', { name: 'Plan mode', pressed: true }).count(), 1, 'the snapshot turned plan mode on');
    assert.equal(await modes.getByRole('button', { name: 'Review after edits', pressed: false }).count(), 1);
    for (const name of ['Send', 'Attach image']) assert.ok(await page.getByRole('button', { name, exact: true }).getAttribute('title'), `${name} has a tooltip`);
    await show(300, 'editor', false);
    assert.equal(await page.getByRole('button', { name: 'History' }).count(), 1);
    assert.equal(await page.getByRole('button', { name: 'New Chat' }).count(), 1);
  });

  it('the toggles and buttons work from the keyboard', async () => {
    await show(300, 'view', false);
    const plan = page.getByRole('button', { name: 'Plan mode' });
    await plan.focus();
    await page.keyboard.press('Space');
    assert.equal(await plan.getAttribute('aria-pressed'), 'false');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Review after edits');
    await page.keyboard.press('Enter');
    const posted = await page.evaluate(() => (window as unknown as { posted: Array<{ type: string; on?: boolean }> }).posted);
    assert.deepEqual(posted.filter((m) => m.type === 'setPlanMode' || m.type === 'setReviewAfterEdits'), [{ type: 'setPlanMode', on: false }, { type: 'setReviewAfterEdits', on: true }]);
  });

  it('every button and toggle of the panel has its visible word in its accessible name (WCAG 2.5.3); Run for a command and an MCP call, Accept for an edit', async () => {
    await show(400, 'editor', true);
    await page.evaluate((m) => window.postMessage(m, '*'), { type: 'inlineReview', reviewAfterEdits: true, toReview: 2, files: 1 } satisfies HostMessage);
    await settle(page);
    const { count, problems } = (await page.evaluate(LABEL_IN_NAME)) as { count: number; problems: unknown[] };
    assert.ok(count >= 15, `the panel's controls were found: ${count}`);
    assert.deepEqual(problems, []);
    assert.equal(await page.getByRole('button', { name: 'Run', exact: true }).count(), 2, 'the command and the MCP call');
    assert.equal(await page.getByRole('button', { name: 'Accept', exact: true }).count(), 1, 'the edit');
    assert.equal(await page.getByRole('button', { name: 'Reject', exact: true }).count(), 3);
  });
});
