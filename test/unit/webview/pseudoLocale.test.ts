import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { HostMessage } from '../../../src/protocol/messages';
import { panelStrings, type PanelStrings } from '../../../src/protocol/panelStrings';
import type { TranscriptEntry } from '../../../src/protocol/transcript';
import { webviewBody } from '../../../src/vscode/webviewBody';
import { borrowChromium, returnChromium } from '../../support/sharedTestChromium';
import { buildPanelBundle, openGuardedPage, settle, type GuardedPage } from '../../support/guardedWebviewPage';

/** Every panel string wrapped, so text that bypasses `t` shows up unwrapped. */
const pseudo = Object.fromEntries(Object.entries(panelStrings).map(([key, english]) => [key, `⟦${english}⟧`])) as PanelStrings;
/** What the conversation itself brings (tool names, paths, commands, the model's and the user's words): never translated. */
const data = ['Bash', 'Edit', 'src/a.ts', 'npm test', 'deepseek-v4-flash', 'DeepSeek', 'https://api.deepseek.com', 'hello', 'hi there', 'ok', 'boom', 'Task', 'reviewer', 'docs', 'db', 'search', 'p1', 'p2', 'codeagent/fix-ab12'];

const entries: TranscriptEntry[] = [
  { id: 'u1', kind: 'user', text: 'hello', turnId: 't1', meta: { checkpoint: true } },
  { id: 'a1', kind: 'assistant', text: 'hi there', turnId: 't1' },
  { id: 'call-b', kind: 'tool-call', text: '', turnId: 't1', meta: { name: 'Bash', callId: 'b', params: { command: 'npm test' }, status: 'done', startedAt: 1000, endedAt: 2234, result: 'ok', detail: { exitCode: 0, outputTail: 'ok' } } },
  { id: 'call-e', kind: 'tool-call', text: '', turnId: 't1', meta: { name: 'Edit', callId: 'e', params: { path: 'src/a.ts' }, status: 'awaiting' } },
  { id: 'approval-e', kind: 'approval', text: '+ok\n-boom', turnId: 't1', parent: 'call-e', meta: { tool: 'Edit', callId: 'e', phase: 'request', cwd: 'src/a.ts' } },
  { id: 'call-t', kind: 'tool-call', text: '', turnId: 't1', meta: { name: 'Task', callId: 't', params: { goal: 'hello' }, status: 'running', child: { status: 'running', steps: 3, inputTokens: 1200, outputTokens: 5, cost: 0, agent: 'reviewer' } } },
  { id: 'changes-t1', kind: 'changes', text: '', turnId: 't1', meta: { changes: [{ path: 'src/a.ts', kind: 'modified', added: 1, removed: 1 }] } },
  { id: 'err', kind: 'error', text: 'boom', turnId: 't1', meta: { retryable: true } },
  // Spec §19: an Apply from a worktree, with its conflicts and a failure.
  { id: 'changes-apply-1', kind: 'changes', text: '', turnId: 'apply-1', meta: {
    changes: [{ path: 'src/a.ts', kind: 'modified', added: 1, removed: 1, conflict: true }],
    applied: { branch: 'codeagent/fix-ab12', conflicts: [{ path: 'src/a.ts', reason: 'content', diff: '+ok' }, { path: 'src/a.ts', reason: 'binary' }], unchanged: 0, failed: [{ path: 'src/a.ts', message: 'boom' }] },
  } },
];

/** The text without its wrapped parts, nested ones too (a count inside a sentence). */
function unwrap(text: string): string {
  let rest = text;
  for (let previous = ''; previous !== rest;) [previous, rest] = [rest, rest.replace(/⟦[^⟦⟧]*⟧/g, '')];
  return rest;
}

/** Every visible text node, accessible name, title and placeholder of the page, with where it is. */
function visibleTexts(page: Page): Promise<Array<{ where: string; text: string }>> {
  return page.evaluate(() => {
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
}

/** The texts with a letter outside the wrapped parts and the conversation's own data: they bypassed l10n. */
function unwrapped(found: Array<{ where: string; text: string }>, known: readonly string[]): Array<{ where: string; rest: string }> {
  return found
    .map(({ where, text }) => ({ where, rest: known.reduce((rest, datum) => rest.split(datum).join(''), unwrap(text)) }))
    .filter(({ rest }) => /\p{L}/u.test(rest));
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
    browser = await borrowChromium();
    const stub = 'window.__name = (f) => f; window.posted = []; window.acquireVsCodeApi = () => ({ postMessage(m) { window.posted.push(m); }, getState() { return undefined; }, setState() {} });';
    panel = await openGuardedPage(browser, bundle, { csp: true, body: `${webviewBody(pseudo)}<script nonce="testnonce0123456789">${stub}</script><script nonce="testnonce0123456789" src="http://panel.test/webview.js"></script>` });
    const messages: HostMessage[] = [
      { type: 'snapshot', entries, busy: true, onboarding: null, usage: { inputTokens: 1200, outputTokens: 340, cost: 0.01, contextUsed: 5000, contextWindow: 128000, cachedInputTokens: 800 }, planMode: false, queued: [{ id: 'q1', text: 'hello' }] },
      { type: 'mcpServers', servers: [{ name: 'docs', transport: 'stdio', status: 'ready', tools: ['search'], stderrTail: [] }, { name: 'db', transport: 'stdio', status: 'failed', tools: [], error: 'boom', stderrTail: ['boom'] }] },
      { type: 'worktree', worktree: { branch: 'codeagent/fix-ab12', path: '/tmp/wt', state: 'ready', startedWithoutUncommitted: true } },
      { type: 'processes', processes: [{ id: 'p1', command: 'npm test', status: 'running', exitCode: null, startedAt: 0 }, { id: 'p2', command: 'npm test', status: 'exited', exitCode: 1, startedAt: 0 }] },
      { type: 'modelSetup', setup: { baseUrl: 'https://api.deepseek.com', model: 'deepseek-v4-flash', provider: 'DeepSeek', presets: [], reasoningEffort: 'high', effortLevels: ['none', 'high'] } },
    ];
    for (const message of messages) await panel.post(message);
    await settle(panel.page);
    await panel.page.getByRole('button', { name: '⟦Reject⟧' }).waitFor();
  });
  after(async () => {
    await panel?.page.close();
    if (browser) returnChromium();
  });

  it('shows and speaks only wrapped words: the composer, the header, a tool card, an approval, the changes, an error, MCP servers and processes', async () => {
    const found = await visibleTexts(panel.page);
    assert.ok(found.some(({ text }) => text.includes('⟦Apply this Edit?⟧')), 'the approval is on screen');
    for (const shown of ['⟦MCP docs⟧', '⟦Show output⟧', '⟦Reasoning effort⟧', '⟦1 file changed⟧', '⟦Retry⟧', '⟦Apply to workspace⟧', '⟦Applied 1 file from codeagent/fix-ab12⟧', '⟦conflict⟧', '⟦Started from HEAD: your uncommitted changes are not in this worktree.⟧']) assert.ok(found.some(({ text }) => text.includes(shown)), `${shown} is scanned`);
    assert.deepEqual(unwrapped(found, data), []);
  });

  it('the model setup (providers, a local server, the model list) and the saved conversations, likewise', async () => {
    const onboarding = { title: 'hello', message: 'hello', actions: [{ label: 'ok', command: 'openSettings' as const }], modelSetup: true };
    const presets = [
      { id: 'openai', name: 'OpenAI', baseUrl: 'https://api.openai.com/v1', needsKey: true, hint: 'host hint' },
      { id: 'ollama', name: 'Ollama', baseUrl: 'http://localhost:11434/v1', needsKey: false, hint: 'host hint' },
      { id: 'custom', name: 'Custom', baseUrl: '', needsKey: false, hint: 'host hint' },
    ];
    const messages: HostMessage[] = [
      { type: 'snapshot', entries: [], busy: false, onboarding, usage: null },
      { type: 'modelSetup', setup: { baseUrl: 'http://localhost:11434/v1', model: '', presets } },
      { type: 'localServers', servers: [{ presetId: 'ollama', name: 'Ollama', baseUrl: 'http://localhost:11434/v1', models: ['qwen', 'llama'] }] },
      { type: 'models', baseUrl: 'http://localhost:11434/v1', models: ['qwen', 'llama'] },
    ];
    for (const message of messages) await panel.post(message);
    await panel.page.getByRole('button', { name: '⟦Use a custom endpoint⟧' }).waitFor();
    const setup = await visibleTexts(panel.page);
    assert.ok(setup.some(({ text }) => text.includes('⟦Running on this machine · 2 models⟧')), 'the local server is scanned');
    assert.ok(!setup.some(({ text }) => text.includes('host hint')), 'the presets\' hints come from the panel\'s strings');
    const names = ['OpenAI', 'Ollama', 'https://api.openai.com/v1', 'http://localhost:11434/v1', 'qwen', 'llama'];
    assert.deepEqual(unwrapped(setup, [...data, ...names]), []);

    await panel.post({ type: 'snapshot', entries, busy: false, onboarding: null, usage: null });
    await panel.page.getByRole('button', { name: '⟦History⟧' }).click();
    await panel.post({ type: 'conversations', items: [{ id: 'c1', title: 'hello', createdAt: 0, updatedAt: 0, messageCount: 2, cost: 0.01, running: true, branch: 'codeagent/fix-ab12' }, { id: 'c2', title: '', createdAt: 0, updatedAt: 0, messageCount: 1, cost: 0 }], currentId: 'c1' });
    await panel.page.getByRole('button', { name: '⟦Delete conversation: hello⟧' }).waitFor();
    const history = await visibleTexts(panel.page);
    assert.ok(history.some(({ text }) => text.includes('⟦New conversation⟧')), 'the saved conversations are scanned');
    // A date is written by the webview's own locale (toLocaleString), as the user's system writes dates.
    const dates = await panel.page.evaluate(() => new Date(0).toLocaleString().match(/\p{L}+/gu) ?? []);
    assert.deepEqual(unwrapped(history, [...data, ...dates]), []);
  });

  it('the English default keeps the names of spec §10', async () => {
    assert.equal(panelStrings['body.input'], 'Message CodeAgent');
    assert.deepEqual([panelStrings['body.send'], panelStrings['body.stop'], panelStrings['body.newChat'], panelStrings['approval.accept'], panelStrings['approval.reject'], panelStrings['approval.run']], ['Send', 'Stop', 'New Chat', 'Accept', 'Reject', 'Run']);
  });
});
