// The chat panel's tool cards, live todo widget and code blocks (spec §10) in real VS Code: one turn with
// thinking, TodoWrite, LS, Read, an Edit and an approved Bash from the scripted model. One card per call (the
// result inside it, no second row), the approval inside the Bash card, its output streamed and its exit code;
// the todo list pinned above the input and updated in place; a code block whose Copy reaches the clipboard and
// whose Insert at cursor reaches the editor. Screenshots in the dark, high-contrast and light themes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import type { ScriptedReply } from '../fixtures/scriptedModelServer';
import { sendChatMessage, TRANSCRIPT, transcriptEntries, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { codeAgentLogText } from './support/extensionLog';
import { chatPosts } from './support/modelRequests';
import { testResultsDir } from './support/paths';
import { useTheme } from './support/theme';
import { expectNoAxeViolations } from './support/axe';
import { widenSideBar } from './support/sideBar';

const USAGE = { prompt_tokens: 400, completion_tokens: 40 };
const todos = (...statuses: string[]) =>
  `<TodoWrite>\n<todos>${JSON.stringify(['Look at the project', 'Change the greeting', 'Check the build'].map((content, i) => ({ content, status: statuses[i] })))}</todos>\n</TodoWrite>`;
const OLD = 'Hello, ${capitalize(name)}!';
const NEW = 'Hi there, ${capitalize(name)}!';
const CODE = 'export const answer = 42;';
const LONG_LINE = `const wide = '${'x'.repeat(400)}';`;
const REPLIES: ScriptedReply[] = [
  { reasoning: 'The user wants the greeting changed. I should look at the files first.', text: `I'll keep a list.\n${todos('in_progress', 'pending', 'pending')}`, usage: USAGE },
  { text: '<LS>\n<path>.</path>\n</LS>', usage: USAGE },
  { text: '<Read>\n<path>src/a.ts</path>\n</Read>', usage: USAGE },
  // Two calls in one step with only a line break between them: no empty assistant entry may show.
  { text: `${todos('completed', 'in_progress', 'pending')}\n<Edit>\n<path>src/a.ts</path>\n<old_string>${OLD}</old_string>\n<new_string>${NEW}</new_string>\n</Edit>`, usage: USAGE },
  { text: `${todos('completed', 'completed', 'in_progress')}\n<Bash>\n<command>echo building; sleep 1.5; echo build-ok</command>\n</Bash>`, usage: USAGE },
  { text: todos('completed', 'completed', 'completed'), usage: USAGE },
  { text: `The greeting now says "Hi there". If you need the constant too:\n\n\`\`\`ts\n${CODE}\n${LONG_LINE}\n\`\`\`\n\nInline \`code\` stays inline.`, usage: USAGE },
];
const CALLS = ['TodoWrite', 'LS', 'Read', 'TodoWrite', 'Edit', 'TodoWrite', 'Bash', 'TodoWrite'];

// Plain source text (functions given to evaluate() would carry tsx's helpers): every todo state the widget shows,
// the live output the Bash card shows before its result, and whether the widget stays the same element.
const RECORDER = `(() => {
  const seen = { todos: [], bashLive: [], widgets: new Set() };
  window.__panelSeen = seen;
  const sample = () => {
    const items = [...document.querySelectorAll('#live-checklist [data-list="todos"] li.plan-task')].map((li) => li.dataset.status).join(',');
    if (items && items !== seen.todos[seen.todos.length - 1]) seen.todos.push(items);
    const details = document.querySelector('#live-checklist > details');
    if (details && items) seen.widgets.add(details);
    const live = document.querySelector('[data-tool="Bash"] .tool-live');
    const text = live ? live.textContent : '';
    if (text && text !== seen.bashLive[seen.bashLive.length - 1]) seen.bashLive.push(text);
  };
  new MutationObserver(sample).observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

async function seen(chat: Frame): Promise<{ todos: string[]; bashLive: string[]; widgets: number }> {
  return (await chat.evaluate('({ todos: window.__panelSeen.todos, bashLive: window.__panelSeen.bashLive, widgets: window.__panelSeen.widgets.size })')) as { todos: string[]; bashLive: string[]; widgets: number };
}

/** For each card, in order: tool, status, and how many result elements it holds. */
interface Card {
  tool: string;
  status: string;
  results: number;
  duration: string;
  /** The card is not a live region; its one status element is. */
  live: string;
  statusRegions: number;
}

async function cards(chat: Frame): Promise<Card[]> {
  return (await chat.evaluate(`[...document.querySelectorAll('${TRANSCRIPT} [data-kind="tool-call"]')].map((card) => ({
    tool: card.dataset.tool, status: card.dataset.status,
    results: card.querySelectorAll('[data-kind="tool-result"]').length,
    duration: (card.querySelector(':scope > .tool-header > .tool-duration')?.textContent || '').trim(),
    live: card.getAttribute('aria-live'),
    statusRegions: card.querySelectorAll('[role="status"], [aria-live="polite"], [aria-live="assertive"]').length,
  }))`)) as Card[];
}


describe('tool cards, live todos and code blocks', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('one card per call with its result, approval and output inside; todos live above the input; code blocks with Copy and Insert', async function () {
    this.timeout(240_000);
    const settings = { 'codeagent.approval.autoApproveEdits': true, 'codeagent.approval.autoApproveReadOnly': true, 'workbench.colorTheme': 'Default Dark Modern' };
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'panel', settings });
    suite.model.enqueue(...REPLIES);
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await session.openCodeAgentView();
    await widenSideBar(session.page, 480);
    const chat = await session.chatFrame();
    await chat.evaluate(RECORDER);

    await sendChatMessage(chat, 'Change the greeting in src/a.ts to "Hi there" and check the build');

    // The command waits for approval inside its own card; the todo list is pinned above the input, open.
    const bash = chat.locator(`${TRANSCRIPT} [data-kind="tool-call"][data-tool="Bash"]`);
    await bash.locator('[data-kind="approval"]').waitFor({ timeout: 30_000 });
    await eventually(async () => assert.equal(await bash.getAttribute('data-status'), 'awaiting'), { message: 'the Bash card waits for approval' });
    assert.equal(await transcriptEntries(chat, 'approval').count(), 1, 'the only approval is the one in the Bash card');
    const widget = chat.locator('#live-checklist');
    assert.ok(await widget.isVisible(), 'the todo widget shows while the turn runs');
    assert.equal(await widget.locator('details').getAttribute('open'), '', 'and it is open');
    await eventually(async () => assert.match((await widget.locator('summary').textContent()) ?? '', /Todos 2\/3 done: Check the build/));
    const shots = path.join(testResultsDir, 'panel');
    fs.mkdirSync(shots, { recursive: true });
    await session.page.locator('.part.sidebar').screenshot({ path: path.join(shots, 'panel-dark-approval.png') });
    // What axe finds while the command waits, in each theme (the last one stays for the end below).
    await expectNoAxeViolations(chat, 'a command awaiting approval');
    for (const theme of ['Default Light Modern', 'Default High Contrast']) {
      await useTheme(session.page, chat, workspace, theme);
      await expectNoAxeViolations(chat, 'a command awaiting approval');
    }

    await bash.getByRole('button', { name: 'Run', exact: true }).click();
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'The greeting now says' }).first().waitFor({ timeout: 30_000 });
    await waitForIdle(chat, 30_000);
    assert.equal(chatPosts(suite.model).length, REPLIES.length, 'every scripted reply was asked for');

    // One card per call, each with exactly one result inside; no result row of its own.
    const all = await cards(chat);
    assert.deepEqual(all.map((c) => c.tool), CALLS, `one card per call: ${JSON.stringify(all)}`);
    assert.deepEqual(all.map((c) => `${c.status}:${c.results}`), CALLS.map(() => 'done:1'), `each card done with its result: ${JSON.stringify(all)}`);
    assert.ok(all.every((c) => /\d m?s$/.test(c.duration)), `each finished card shows its duration: ${JSON.stringify(all)}`);
    assert.ok(all.every((c) => c.live === 'off' && c.statusRegions === 1), `screen readers hear each card's status only: ${JSON.stringify(all)}`);
    assert.equal(await transcriptEntries(chat, 'tool-result').count(), CALLS.length, 'no result outside the cards');
    assert.equal(await chat.locator(`${TRANSCRIPT} > [data-kind="tool-result"]`).count(), 0, 'no separate result rows');
    assert.equal(await chat.locator(`${TRANSCRIPT} > [data-kind="approval"]`).count(), 0, 'no separate approval row');
    assert.equal(await transcriptEntries(chat, 'thinking').count(), 1, 'the thinking shows');
    const emptyAssistants = (await chat.evaluate(`[...document.querySelectorAll('${TRANSCRIPT} [data-kind="assistant"]')].filter((e) => e.offsetParent !== null && !(e.querySelector('.entry-body')?.textContent || '').trim()).length`)) as number;
    assert.equal(emptyAssistants, 0, 'no empty assistant entry between calls');

    // The command: streamed while it ran, then its exit code and the tail of its output.
    const { todos: todoStates, bashLive, widgets } = await seen(chat);
    assert.ok(bashLive.some((text) => text.includes('building') && !text.includes('build-ok')), `the output streamed before the command ended: ${JSON.stringify(bashLive)}`);
    assert.equal((await bash.locator('.tool-exit').textContent())?.trim(), 'Exit code 0');
    assert.match((await bash.locator('pre.tool-output').textContent()) ?? '', /building\s+build-ok/);
    assert.match((await bash.locator('[data-kind="approval"]').textContent()) ?? '', /Accepted/);

    // The edit: its size and a way to its diff. The Read: its lines link to the file.
    const edit = chat.locator(`${TRANSCRIPT} [data-kind="tool-call"][data-tool="Edit"]`);
    assert.equal((await edit.locator('.edit-counts').textContent())?.replace(/\s+/g, ' ').trim(), '+1 −1');
    await edit.getByRole('button', { name: 'Open diff of src/a.ts' }).click();
    await session.page.locator('.tabs-container .tab', { hasText: 'a.ts (changed by CodeAgent)' }).waitFor({ timeout: 15_000 });
    const read = chat.locator(`${TRANSCRIPT} [data-kind="tool-call"][data-tool="Read"]`);
    assert.equal(await read.locator('.tool-key').textContent(), 'src/a.ts');
    await read.locator('summary').click();
    await read.getByRole('button', { name: 'Open src/a.ts at line 4' }).click();
    // Not just any tab with a.ts in its name: the diff's tab is one too, and its cursor is on line 4 as well.
    await session.page.locator('.tabs-container .tab.active', { hasText: 'a.ts', hasNotText: 'changed by CodeAgent' }).waitFor({ timeout: 15_000 });
    await session.page.locator('.statusbar-item', { hasText: /Ln 4, Col 1/ }).first().waitFor({ timeout: 10_000 });

    // The todo list: one widget, updated in place through every state, folded to its progress once idle.
    assert.deepEqual(todoStates, ['in_progress,pending,pending', 'completed,in_progress,pending', 'completed,completed,in_progress', 'completed,completed,completed'], 'the widget followed every update');
    assert.equal(widgets, 1, 'the same widget element throughout');
    assert.equal(await chat.locator(`${TRANSCRIPT} [data-kind="plan"]`).count(), 0, 'the list is not reprinted in the transcript');
    assert.equal(await widget.locator('details').getAttribute('open'), null, 'folded when idle');
    assert.match((await widget.locator('summary').textContent()) ?? '', /Todos 3\/3 done/);
    // A real click, not focus(): opening the file above gave the editor the focus, and a script's focus() inside
    // the webview's frame does not take it back, so the keys would land in the editor.
    await widget.locator('summary').click();
    assert.equal(await widget.locator('details').getAttribute('open'), '', 'a click opens it again');
    await chat.page().keyboard.press('Enter');
    assert.equal(await widget.locator('details').getAttribute('open'), null, 'Enter folds it');
    await chat.page().keyboard.press('Enter');
    assert.equal(await widget.locator('details').getAttribute('open'), '', 'Enter opens it');

    // The code block: language, highlighted, scrolls inside itself; Copy reaches the clipboard; Insert the editor.
    const block = chat.locator(`${TRANSCRIPT} [data-kind="assistant"] pre.code-block`).last();
    assert.equal(await block.locator('.code-language').textContent(), 'ts');
    assert.ok((await block.locator('code.hljs .hljs-keyword').count()) > 0, 'highlighted');
    const widths = (await chat.evaluate(`(() => {
      const pre = [...document.querySelectorAll('${TRANSCRIPT} [data-kind="assistant"] pre.code-block')].pop();
      return { pre: pre.clientWidth, code: pre.querySelector('code').scrollWidth, page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth };
    })()`)) as { pre: number; code: number; page: number; view: number };
    assert.ok(widths.code > widths.pre, `the long line scrolls inside the block: ${JSON.stringify(widths)}`);
    assert.ok(widths.page <= widths.view, `the panel is not widened: ${JSON.stringify(widths)}`);
    assert.equal(await chat.locator(`${TRANSCRIPT} [data-kind="assistant"] p code`).count(), 1, 'inline code stays inline');
    await block.getByRole('button', { name: 'Copy code' }).click();
    await eventually(async () => assert.equal(await session.page.evaluate('navigator.clipboard.readText()'), `${CODE}\n${LONG_LINE}\n`), { timeoutMs: 10_000, message: 'the code is on the clipboard' });
    await block.getByRole('button', { name: 'Insert at cursor' }).click();
    // The target is the file the user last opened (src/a.ts, from the Read card), and the code shows in it.
    await eventually(() => assert.match(codeAgentLogText(suite.server.userDataDir), /Insert at cursor: into file:\/\/\S+\/src\/a\.ts$/m), { timeoutMs: 10_000, message: 'the host inserts into src/a.ts' });
    await eventually(async () => assert.match((await session.page.locator('.monaco-editor .view-lines').allTextContents()).join('\n'), /export\sconst\sanswer\s=\s42;/), { timeoutMs: 10_000, message: 'the code is in the editor' });

    // The same panel in every theme (switched live through the workspace settings).
    await chat.evaluate('document.scrollingElement.scrollTop = document.scrollingElement.scrollHeight');
    for (const [theme, file] of [['Default High Contrast', 'panel-hc.png'], ['Default Light Modern', 'panel-light.png'], ['Default Dark Modern', 'panel-dark.png']] as const) {
      await useTheme(session.page, chat, workspace, theme);
      await expectNoAxeViolations(chat, 'a finished turn with thinking, todos, cards and a code block');
      // Highlighting that shows: keywords, numbers and strings each differ from the plain code text and its background.
      const colors = (await chat.evaluate(`(() => {
        const code = [...document.querySelectorAll('${TRANSCRIPT} pre.code-block > code')].pop();
        const color = (selector) => getComputedStyle(code.querySelector(selector)).color;
        return { text: getComputedStyle(code).color, background: getComputedStyle(code.parentElement).backgroundColor, keyword: color('.hljs-keyword'), number: color('.hljs-number'), string: color('.hljs-string') };
      })()`)) as Record<string, string>;
      for (const token of ['keyword', 'number', 'string']) {
        assert.notEqual(colors[token], colors.text, `${theme}: ${token} stands out from the code text: ${JSON.stringify(colors)}`);
        assert.notEqual(colors[token], colors.background, `${theme}: ${token} is visible on the block: ${JSON.stringify(colors)}`);
      }
      await session.page.locator('.part.sidebar').screenshot({ path: path.join(shots, file) });
    }
    if (process.env.CODEAGENT_E2E_DEBUG) console.log(`      screenshots in ${shots}`);
  });
});
