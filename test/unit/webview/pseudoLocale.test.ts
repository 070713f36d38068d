import * as assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { HostMessage } from '../../../src/protocol/messages';
import { panelStrings, type PanelStrings } from '../../../src/protocol/panelStrings';
import type { TranscriptEntry } from '../../../src/protocol/transcript';
import { webviewBody } from '../../../src/vscode/webviewBody';
import { launchChromium } from '../../support/chromium';
import { buildPanelBundle, openGuardedPage, settle, type GuardedPage } from '../../support/guardedWebviewPage';

/** Every panel string wrapped, so text that bypasses `t` shows up unwrapped. */
const pseudo = Object.fromEntries(Object.entries(panelStrings).map(([key, english]) => [key, `⟦${english}⟧`])) as PanelStrings;
/** What the conversation itself brings (tool names, paths, commands, the model's and the user's words): never translated. */
const data = ['Bash', 'Edit', 'src/a.ts', 'npm test', 'deepseek-v4-flash', 'DeepSeek', 'https://api.deepseek.com', 'hello', 'hi there', 'ok', 'boom', 'Task', 'reviewer', 'docs', 'db', 'search', 'p1', 'p2'];

const entries: TranscriptEntry[] = [
  { id: 'u1', kind: 'user', text: 'hello', turnId: 't1', meta: { checkpoint: true } },
  { id: 'a1', kind: 'assistant', text: 'hi there', turnId: 't1' },
  { id: 'call-b', kind: 'tool-call', text: '', turnId: 't1', meta: { name: 'Bash', callId: 'b', params: { command: 'npm test' }, status: 'done', startedAt: 1000, endedAt: 2234, result: 'ok', detail: { exitCode: 0, outputTail: 'ok' } } },
  { id: 'call-e', kind: 'tool-call', text: '', turnId: 't1', meta: { name: 'Edit', callId: 'e', params: { path: 'src/a.ts' }, status: 'awaiting' } },
  { id: 'approval-e', kind: 'approval', text: '+ok\n-boom', turnId: 't1', parent: 'call-e', meta: { tool: 'Edit', callId: 'e', phase: 'request', cwd: 'src/a.ts' } },
  { id: 'call-t', kind: 'tool-call', text: '', turnId: 't1', meta: { name: 'Task', callId: 't', params: { goal: 'hello' }, status: 'running', child: { status: 'running', steps: 3, inputTokens: 1200, outputTokens: 5, cost: 0, agent: 'reviewer' } } },
  { id: 'changes-t1', kind: 'changes', text: '', turnId: 't1', meta: { changes: [{ path: 'src/a.ts', kind: 'modified', added: 1, removed: 1 }] } },
  { id: 'err', kind: 'error', text: 'boom', turnId: 't1', meta: { retryable: true } },
];

/** The text without its wrapped parts, nested ones too (a count inside a sentence). */
function unwrap(text: string): string {
  let rest = text;
  for (let previous = ''; previous !== rest;) [previous, rest] = [rest, rest.replace(/⟦[^⟦⟧]*⟧/g, '')];
  return rest;
}

/**
 * Spec §20: the panel with a pseudo-locale bundle (every string `⟦…⟧`). Any visible text, accessible name, title or
 * placeholder with a letter outside the brackets (and outside the conversation's own data) bypassed l10n.
 */
describe('the panel in a pseudo-locale (Chromium)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let panel: GuardedPage;

  before(async () => {
    const bundle = await buildPanelBundle();
    browser = await launchChromium();
    const stub = 'window.__name = (f) => f; window.posted = []; window.acquireVsCodeApi = () => ({ postMessage(m) { window.posted.push(m); }, getState() { return undefined; }, setState() {} });';
    panel = await openGuardedPage(browser, bundle, { csp: true, body: `${webviewBody(pseudo)}<script nonce="testnonce0123456789">${stub}</script><script nonce="testnonce0123456789" src="http://panel.test/webview.js"></script>` });
    const messages: HostMessage[] = [
      { type: 'snapshot', entries, busy: true, onboarding: null, usage: { inputTokens: 1200, outputTokens: 340, cost: 0.01, contextUsed: 5000, contextWindow: 128000, cachedInputTokens: 800 }, planMode: false, queued: [{ id: 'q1', text: 'hello' }] },
      { type: 'mcpServers', servers: [{ name: 'docs', transport: 'stdio', status: 'ready', tools: ['search'], stderrTail: [] }, { name: 'db', transport: 'stdio', status: 'failed', tools: [], error: 'boom', stderrTail: ['boom'] }] },
      { type: 'processes', processes: [{ id: 'p1', command: 'npm test', status: 'running', exitCode: null, startedAt: 0 }, { id: 'p2', command: 'npm test', status: 'exited', exitCode: 1, startedAt: 0 }] },
      { type: 'modelSetup', setup: { baseUrl: 'https://api.deepseek.com', model: 'deepseek-v4-flash', provider: 'DeepSeek', presets: [], reasoningEffort: 'high', effortLevels: ['none', 'high'] } },
    ];
    for (const message of messages) await panel.post(message);
    await settle(panel.page);
    await panel.page.getByRole('button', { name: '⟦Reject⟧' }).waitFor();
  });
  after(async () => browser?.close());

  it('shows and speaks only wrapped words: the composer, the header, a tool card, an approval, the changes, an error, MCP servers and processes', async () => {
    const found = await panel.page.evaluate(() => {
      const texts: Array<{ where: string; text: string }> = [];
      const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        if (parent.closest('script, style, [hidden]') || !parent.checkVisibility()) continue;
        texts.push({ where: describe(parent), text: node.textContent ?? '' });
      }
      for (const el of document.body.querySelectorAll('*')) {
        if (el.closest('[hidden]')) continue;
        for (const attribute of ['aria-label', 'title', 'placeholder']) {
          const value = el.getAttribute(attribute);
          if (value) texts.push({ where: `${describe(el)}[${attribute}]`, text: value });
        }
      }
      return texts;
    });
    assert.ok(found.some(({ text }) => text.includes('⟦Run this command?⟧') || text.includes('⟦Apply this {0}?⟧'.replace('{0}', 'Edit'))), 'the approval is on screen');
    for (const shown of ['⟦MCP docs⟧', '⟦Show output⟧', '⟦Reasoning effort⟧', '⟦1 file changed⟧', '⟦Retry⟧']) assert.ok(found.some(({ text }) => text.includes(shown)), `${shown} is scanned`);
    const unwrapped = found
      .map(({ where, text }) => ({ where, rest: data.reduce((rest, datum) => rest.split(datum).join(''), unwrap(text)) }))
      .filter(({ rest }) => /\p{L}/u.test(rest));
    assert.deepEqual(unwrapped, []);
  });

  it('the English default keeps the names of spec §10', async () => {
    assert.equal(panelStrings['body.input'], 'Message CodeAgent');
    assert.deepEqual([panelStrings['body.send'], panelStrings['body.stop'], panelStrings['body.newChat'], panelStrings['approval.accept'], panelStrings['approval.reject'], panelStrings['approval.run']], ['Send', 'Stop', 'New Chat', 'Accept', 'Reject', 'Run']);
  });
});
