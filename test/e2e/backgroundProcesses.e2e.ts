// Commands that keep running (spec §14) in real VS Code: a background ticker started after Run, read by id with
// BashOutput, listed as a running process row, mirrored in a terminal by `Show output`, stopped from its row;
// another stopped by KillBash; and none left behind when the extension host stops or is killed.
import * as assert from 'node:assert/strict';
import type { Frame } from 'playwright-core';
import { sendChatMessage, TRANSCRIPT, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { runCommand } from './support/commandPalette';
import { eventually } from './support/eventually';
import { groupMembers, processesWith } from './support/markedProcesses';
import { chatPosts, lastMessage } from './support/modelRequests';
import type { ScriptedReply } from '../fixtures/scriptedModel/types';
import { reloadWindow } from './support/windowReload';

const run = `${process.pid}-${Date.now()}`;
const marker = (name: string) => `codeagent-e2e-${name}-${run}`;
const ticker = (name: string) => `echo ${marker(name)}; i=0; while true; do i=$((i+1)); echo tick $i; sleep 0.3; done`;
const background = (command: string) => `<Bash>\n<command>${command}</command>\n<run_in_background>true</run_in_background>\n</Bash>`;

const processRow = (chat: Frame, id: string) => chat.locator(`[data-kind="process"][data-process="${id}"]`);

/** Clicks Run on the approval card of the `index`-th Bash call (-1: the last). */
async function acceptCommand(chat: Frame, index: number): Promise<void> {
  const cards = chat.locator(`${TRANSCRIPT} [data-kind="tool-call"][data-tool="Bash"]`);
  const card = (index < 0 ? cards.last() : cards.nth(index)).locator('[data-kind="approval"]');
  await card.getByRole('button', { name: 'Run', exact: true }).click({ timeout: 30_000 });
}

describe('background processes', function () {
  const suite = useCodeServerSuite({ window: 'shared' });
  const settings = {
    // The DOM renderer, so the terminal's text can be read; tabs shown, so its name can.
    'terminal.integrated.gpuAcceleration': 'off',
    'terminal.integrated.tabs.hideCondition': 'never',
  };

  it('a ticker started in the background is read by id, shown as a row and in its terminal, stopped from the row; another by KillBash', async function () {
    // The ids count the window's background processes, and a kept window may have had some: the model reads them from
    // the results, as a real one does.
    const ids: Record<string, string> = {};
    const steps: Array<() => ScriptedReply> = [
      () => ({ text: background(ticker('A')) }),
      // Streamed over about 2 s, so the ticker has printed more by the time BashOutput runs.
      () => ({ text: `<BashOutput>\n<id>${ids.A}</id>\n</BashOutput>`, chunkSize: 4, delayMs: 200 }),
      () => ({ text: background(`echo ${marker('B')}; sleep 600`) }),
      () => ({ text: `<KillBash>\n<id>${ids.B}</id>\n</KillBash>` }),
      () => ({ text: `The ticker runs as ${ids.A}.` }),
    ];
    suite.model.setResponder((request) => {
      const said = JSON.stringify(request.body);
      for (const name of ['A', 'B']) {
        const id = new RegExp(`Started background process (bg-\\d+): echo ${marker(name)}`).exec(said)?.[1];
        if (id) ids[name] = id;
      }
      const step = steps.shift();
      if (!step) throw new Error('the ticker script is over');
      return step();
    });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'background-ticker', settings });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendChatMessage(chat, 'Start the ticker in the background');
    await acceptCommand(chat, 0);
    await acceptCommand(chat, 1);
    await chat.locator(`${TRANSCRIPT} [data-kind="assistant"]`, { hasText: `The ticker runs as ${ids.A}.` }).waitFor({ timeout: 30_000 });
    await waitForIdle(chat);

    const posts = chatPosts(suite.model);
    const started = lastMessage(posts[1]!).content;
    assert.match(started, new RegExp(`Started background process ${ids.A}: echo ${marker('A')};`), started);
    assert.match(started, /tick 1\b/, 'its first output comes back with the start');
    const read = lastMessage(posts[2]!).content;
    assert.match(read, new RegExp(`Process ${ids.A} \\(.*\\): running \\(for \\d+ s\\)`), read);
    assert.match(read, /New output:\ntick \d+\ntick \d+/, `BashOutput returns the ticks since the start: ${read}`);
    const killed = lastMessage(posts[4]!).content;
    assert.match(killed, new RegExp(`Process ${ids.B} \\(.*\\) was stopped \\(SIGTERM\\)`), killed);
    assert.deepEqual(processesWith(marker('B')), [], 'KillBash left nothing of B');

    // The rows above the input: A running, B exited.
    const row = processRow(chat, ids.A!);
    assert.equal(await row.getAttribute('data-status'), 'running');
    assert.match((await row.textContent()) ?? '', new RegExp(marker('A')));
    await eventually(async () => assert.equal(await processRow(chat, ids.B!).getAttribute('data-status'), 'exited'), { timeoutMs: 10_000 });
    const [ticking] = processesWith(marker('A'));
    assert.ok(ticking, 'the ticker runs after the turn');
    // At the side bar's width the row keeps its command readable and its buttons inside the panel.
    const [rowBox, commandBox, stopBox] = await Promise.all([row.boundingBox(), row.locator('.process-command').boundingBox(), row.getByRole('button', { name: `Stop process ${ids.A}` }).boundingBox()]);
    assert.ok(rowBox && commandBox && stopBox);
    assert.ok(commandBox.width >= 80, `the command is ${commandBox.width} px wide`);
    assert.ok(stopBox.x + stopBox.width <= rowBox.x + rowBox.width + 1, `Stop ends at ${stopBox.x + stopBox.width}, the row at ${rowBox.x + rowBox.width}`);
    await session.screenshot('background-process-rows');

    // Show output: a terminal named after the command, with what the ticker printed before it was opened, then live.
    await row.getByRole('button', { name: 'Show output' }).click();
    const terminalName = `CodeAgent: echo ${marker('A')}`;
    const named = `[...document.querySelectorAll('.terminal-tabs-entry, .pane-header, .title, [aria-label]')].some((e) => (e.textContent + ' ' + (e.getAttribute('aria-label') || '')).includes(${JSON.stringify(terminalName)}))`;
    await eventually(async () => assert.ok(await session.page.evaluate(named), `a terminal named ${terminalName}`), { timeoutMs: 20_000 });
    const terminalText = () => session.page.locator('.terminal-wrapper.active .xterm-rows').innerText();
    await eventually(async () => assert.match(await terminalText(), /tick \d+/), { timeoutMs: 20_000, message: 'the terminal shows ticks' });
    await runCommand(session.page, 'Terminal: Scroll to Top');
    await eventually(async () => assert.match(await terminalText(), new RegExp(`${marker('A')}\\s+tick 1\\s+tick 2\\s`)), { timeoutMs: 10_000, message: 'the output from before the terminal opened, from its first line' });
    await runCommand(session.page, 'Terminal: Scroll to Bottom');
    const lastTick = async () => Math.max(0, ...[...(await terminalText()).matchAll(/tick (\d+)/g)].map((m) => Number(m[1])));
    const before = await lastTick();
    await eventually(async () => assert.ok((await lastTick()) > before + 2, `new ticks arrive live (after tick ${before})`), { timeoutMs: 10_000 });
    await session.screenshot('background-process-terminal');

    // Stop A's process from its row: the row says exited, the whole group is gone, the terminal says so.
    await chat.getByRole('button', { name: `Stop process ${ids.A}` }).click();
    await eventually(async () => assert.equal(await row.getAttribute('data-status'), 'exited'), { timeoutMs: 10_000 });
    await eventually(async () => assert.deepEqual(groupMembers(ticking.pgid), []), { timeoutMs: 10_000, message: 'the ticker and its sleep are gone' });
    await eventually(async () => assert.match(await terminalText(), new RegExp(`\\[CodeAgent: process ${ids.A} exited with code`)), { timeoutMs: 10_000 });
    assert.equal(await chat.getByRole('button', { name: `Stop process ${ids.A}` }).count(), 0, 'an exited row has no Stop');
  });

  it('nothing is left behind when the window reloads, nor when the extension host is killed without deactivating', async function () {
    suite.model.enqueue({ text: background(ticker('C')) }, { text: 'Started C.' });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'background-no-orphans', settings });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendChatMessage(chat, 'Start C');
    await acceptCommand(chat, 0);
    await waitForIdle(chat, 30_000);
    const [c] = processesWith(marker('C'));
    assert.ok(c, 'C runs');
    assert.equal(await chat.locator('[data-kind="process"]', { hasText: marker('C') }).getAttribute('data-status'), 'running');

    // The window reloads (closes and opens again): its extension host stops, and C with it.
    const reloadedAt = Date.now();
    const reloaded = await reloadWindow(session);
    await eventually(async () => assert.deepEqual(groupMembers(c.pgid), []), { timeoutMs: 20_000, message: 'C stopped with the window' });
    console.log(`      window reloaded: C's process group gone ${Date.now() - reloadedAt} ms after the reload began`);

    // In the new window, D; then its extension host is killed outright (no deactivate): the watchdog stops D.
    suite.model.enqueue({ text: background(ticker('D')) }, { text: 'Started D.' });
    await sendChatMessage(reloaded, 'Start D', 30_000);
    await reloaded.locator(`${TRANSCRIPT} [data-kind="tool-call"][data-tool="Bash"]`).nth(1).waitFor({ timeout: 30_000 });
    await acceptCommand(reloaded, -1);
    await waitForIdle(reloaded, 30_000);
    const [d] = processesWith(marker('D'));
    assert.ok(d, 'D runs');
    assert.notEqual(d.ppid, c.ppid, 'a new extension host started D');
    suite.renewWindowAfterTest('its extension host was killed');
    process.kill(d.ppid, 'SIGKILL');
    const killedAt = Date.now();
    await eventually(async () => assert.deepEqual(groupMembers(d.pgid), []), { timeoutMs: 15_000, message: 'D stopped once its extension host was killed' });
    console.log(`      extension host SIGKILLed: D's process group gone after ${Date.now() - killedAt} ms`);
    assert.deepEqual([...processesWith(marker('C')), ...processesWith(marker('D'))], []);
  });
});
