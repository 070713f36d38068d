// Working alongside the agent (spec §16): a message sent while a turn runs is queued (shown at once, removable)
// and reaches the turn's next model request right after the tool result; two conversations, the side panel and
// an editor tab, stream at the same time, each with its own history; an approval waiting out of view is announced.
import * as assert from 'node:assert/strict';
import { isTurnRunning, sendChatMessage, TRANSCRIPT, transcriptEntries, waitForIdle } from './support/chatPanel';
import { openFile, runCommand } from './support/commandPalette';
import { clickNotificationButton } from './support/notifications';
import { viewTitleAction } from './support/sideBar';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { chatPosts, describeMessages, messagesOf } from './support/modelRequests';

const QUEUED = '#queued [data-kind="user"][data-status="queued"]';

describe('queue and several conversations', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('a message queued mid-turn reaches the next request next to the tool result; Remove takes one back', async function () {
    const preamble = 'Let me look at the file before I change anything in it, one careful step at a time.';
    suite.model.enqueue(
      // Stops inside the preamble and waits there: the messages below are sent while the turn's first request streams.
      { text: preamble, toolCalls: [{ id: 'call_read', name: 'Read', arguments: '{"path":"src/a.ts"}' }], chunkSize: 3, pauseAfterChars: 12 },
      { text: 'Checked the tests as asked.' },
    );
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, settings: { 'codeagent.model.toolProtocol': 'native' } });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();

    await sendChatMessage(chat, 'Look at src/a.ts');
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'Let me' }).first().waitFor({ timeout: 20_000 });
    // The turn is streaming: the input still sends, and each message shows at once as a queued user entry.
    await sendChatMessage(chat, 'Also check the tests');
    await sendChatMessage(chat, 'Never mind all that');
    const queued = chat.locator(QUEUED);
    await eventually(async () => assert.deepEqual((await queued.locator('.entry-body').allTextContents()), ['Also check the tests', 'Never mind all that']), { timeoutMs: 5000, message: 'two queued entries' });
    assert.equal(chatPosts(suite.model).length, 1, 'nothing was sent yet: the turn is still in its first request');
    await queued.filter({ hasText: 'Never mind' }).getByRole('button', { name: 'Remove queued message' }).click();
    await eventually(async () => assert.equal(await queued.count(), 1), { timeoutMs: 5000, message: 'the removed entry is gone' });
    suite.model.resumePaused();

    await transcriptEntries(chat, 'assistant').filter({ hasText: 'Checked the tests' }).first().waitFor({ timeout: 30_000 });
    await waitForIdle(chat);
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 2, 'the queued message rode on the turn\'s next request, no extra turn');
    const sent = posts[1]!.body.messages as Array<{ role: string; tool_call_id?: string }>;
    const plain = messagesOf(posts[1]!);
    assert.deepEqual(sent.slice(-3).map((m) => m.role), ['assistant', 'tool', 'user'], describeMessages(posts[1]!));
    assert.equal(sent.at(-2)!.tool_call_id, 'call_read');
    assert.equal(plain.at(-1)!.content, 'Also check the tests');
    assert.ok(!plain.some((m) => m.content.includes('Never mind')), 'the removed message never reached the model');

    // Delivered: no longer queued, a user entry of the transcript after the Read card.
    assert.equal(await queued.count(), 0);
    const kinds = (await chat.evaluate(`[...document.querySelectorAll('${TRANSCRIPT} > [data-kind]')].map((e) => e.dataset.kind + ':' + (e.dataset.status || '') + ':' + (e.textContent || '').trim().slice(0, 40))`)) as string[];
    const read = kinds.findIndex((k) => k.startsWith('tool-call:'));
    const delivered = kinds.findIndex((k) => k.startsWith('user:') && k.includes('Also check the tests'));
    assert.ok(read >= 0 && delivered > read, `the delivered entry follows the tool card: ${kinds.join(' | ')}`);
    assert.ok(!kinds[delivered]!.includes('queued'));
  });

  it('the side panel and an editor tab stream at the same time, each with its own history', async function () {
    // Each stops after a few words and waits there, so both turns run at once whatever the machine's speed.
    const long = (word: string) => ({ text: Array.from({ length: 80 }, (_, i) => `${word} ${i + 1}.`).join(' '), chunkSize: 6, pauseAfterChars: 30 });
    suite.model.enqueue(long('Alpha'), long('Beta'));
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const panel = await session.chatFrame();
    await runCommand(session.page, 'CodeAgent: Open Chat in Editor');
    const tab = await session.chatFrame({ except: [panel] });

    await sendChatMessage(panel, 'Panel question');
    await transcriptEntries(panel, 'assistant').filter({ hasText: 'Alpha 1.' }).first().waitFor({ timeout: 20_000 });
    await sendChatMessage(tab, 'Tab question');
    await transcriptEntries(tab, 'assistant').filter({ hasText: 'Beta 1.' }).first().waitFor({ timeout: 20_000 });
    // Both stream now: each one's answer still grows.
    await eventually(() => assert.equal(suite.model.pausedStreams(), 2), { timeoutMs: 10_000, message: 'two streams at once' });
    const length = async (frame: typeof panel) => ((await transcriptEntries(frame, 'assistant').last().textContent()) ?? '').length;
    const before = [await length(panel), await length(tab)];
    assert.equal(await isTurnRunning(panel) && await isTurnRunning(tab), true, 'both turns run');

    // The tab's History marks both conversations as running: its own and the panel's.
    await tab.locator('#history-toggle').click();
    await eventually(async () => assert.equal(await tab.locator('#history [data-running="true"]').count(), 2, (await tab.locator('#history').innerText()).replace(/\s+/g, ' ')), { timeoutMs: 10_000, message: 'the running conversations in History' });
    await tab.locator('#history-toggle').click();
    suite.model.resumePaused();
    await eventually(async () => {
      assert.ok(await length(panel) > before[0]! && await length(tab) > before[1]!, 'both answers keep growing');
    }, { timeoutMs: 10_000, message: 'both streams go on' });

    await waitForIdle(panel, 30_000);
    await waitForIdle(tab, 30_000);
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 2);
    const users = posts.map((post) => messagesOf(post).filter((m) => m.role === 'user').map((m) => m.content));
    assert.deepEqual(users, [['Panel question'], ['Tab question']], 'each request carries only its own conversation');
    const userTexts = async (frame: typeof panel) => (await transcriptEntries(frame, 'user').locator('.entry-body').allTextContents()).map((t) => t.trim());
    assert.deepEqual(await userTexts(panel), ['Panel question']);
    assert.deepEqual(await userTexts(tab), ['Tab question']);
    assert.ok((await transcriptEntries(panel, 'assistant').last().textContent())?.includes('Alpha 80.'));
    assert.ok((await transcriptEntries(tab, 'assistant').last().textContent())?.includes('Beta 80.'));

    // An approval waiting in the tab while a file hides it raises a notification; its Show brings the tab back.
    const preamble = 'I will run the check now; it takes a moment, so here is what it does before I start it.';
    // The reply waits inside its preamble until the file hides the tab, so the approval comes while it is out of view.
    suite.model.enqueue({ text: `${preamble}\n<Bash>\n<command>touch checked.txt</command>\n</Bash>`, chunkSize: 4, pauseAfterChars: 20 }, { text: 'Not run, as you asked.' });
    await sendChatMessage(tab, 'Run the check');
    await openFile(session.page, 'src/a.ts');
    await eventually(() => assert.equal(suite.model.pausedStreams(), 1), { timeoutMs: 20_000, message: 'the reply waits mid-stream' });
    // The host hears that the tab is hidden in a message from the workbench. The panel's History asks the host
    // over the same channel after it: once its answer shows, the host knows.
    await viewTitleAction(session.page, 'History').click();
    await eventually(async () => assert.equal(await panel.locator('#history [data-running="true"]').count(), 1), { timeoutMs: 10_000, message: 'the panel\'s History lists the tab\'s running conversation' });
    await viewTitleAction(session.page, 'History').click();
    suite.model.resumePaused();
    await clickNotificationButton(session.page, /Bash is waiting for your approval in “Tab question”/, 'Show', 30_000, 'link');
    const card = transcriptEntries(tab, 'approval').last();
    await card.getByRole('button', { name: 'Reject' }).click({ timeout: 10_000 });
    await transcriptEntries(tab, 'assistant').filter({ hasText: 'Not run' }).first().waitFor({ timeout: 20_000 });
  });
});
