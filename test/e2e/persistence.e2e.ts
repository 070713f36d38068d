// Persistence (spec §9): a conversation survives a window reload — the transcript comes back as it
// was, the next message's request carries the earlier exchanges, and the History list shows it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sendAndWaitForTurn, sendChatMessage, transcriptEntries, transcriptSnapshot } from './support/chatPanel';
import { eventually } from './support/eventually';
import { chatPosts, describeMessages, messagesOf } from './support/modelRequests';
import { storedConversationsWith } from './support/storedConversations';
import { reloadWindow } from './support/windowReload';
import { useCodeServerSuite } from './support/codeServerSuite';
import { viewTitleAction } from './support/sideBar';

const EXCHANGES = [
  { user: 'First question: what is alpha?', answer: 'Alpha is the first letter.' },
  { user: 'Second question: and beta?', answer: 'Beta is the second letter.' },
  { user: 'Third question: gamma?', answer: 'Gamma is the third letter.' },
];
const TITLE = EXCHANGES[0]!.user;

describe('conversation persistence', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('restores the transcript after a reload and continues with the earlier history', async function () {
    suite.model.enqueue(...EXCHANGES.map(({ answer }) => ({ text: answer, usage: { prompt_tokens: 400, completion_tokens: 8 } })));
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    let chat = await session.chatFrame();

    for (const { user, answer } of EXCHANGES.slice(0, 2)) {
      await sendAndWaitForTurn(chat, user);
      await transcriptEntries(chat, 'assistant').filter({ hasText: answer }).first().waitFor({ timeout: 10_000 });
    }
    const before = await transcriptSnapshot(chat);
    assert.deepEqual(
      before.filter((e) => e.kind === 'user' || e.kind === 'assistant').map((e) => e.kind),
      ['user', 'assistant', 'user', 'assistant'],
      `transcript before the reload: ${JSON.stringify(before)}`,
    );

    // Reload the window: a new workbench, a new extension host, a new webview.
    const reloadStart = Date.now();
    chat = await reloadWindow(session);
    await eventually(async () => assert.deepEqual(await transcriptSnapshot(chat), before), {
      timeoutMs: 20_000,
      message: 'the transcript after the reload equals the one before',
    });
    if (process.env.CODEAGENT_E2E_DEBUG) console.log(`      reloaded and restored in ${((Date.now() - reloadStart) / 1000).toFixed(1)} s`);

    // The third message continues the same conversation: its request carries both earlier exchanges.
    await sendAndWaitForTurn(chat, EXCHANGES[2]!.user);
    await transcriptEntries(chat, 'assistant').filter({ hasText: EXCHANGES[2]!.answer }).first().waitFor({ timeout: 10_000 });
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 3);
    const third = posts[2]!;
    const messages = messagesOf(third);
    assert.equal(messages[0]!.role, 'system');
    const conversation = messages.filter((m) => m.role !== 'system');
    assert.deepEqual(
      conversation,
      EXCHANGES.flatMap(({ user, answer }, i) => (i < 2 ? [{ role: 'user', content: user }, { role: 'assistant', content: answer }] : [{ role: 'user', content: user }])),
      `the request after the reload:\n${describeMessages(third)}`,
    );

    // The History list shows the conversation, marked as the open one.
    await viewTitleAction(session.page, 'History').click();
    const entry = chat.getByRole('button', { name: `Open conversation: ${TITLE}` });
    await entry.waitFor({ timeout: 10_000 });
    // Saved once, not again by the reload (a kept window lists earlier tests' conversations too).
    assert.equal(await chat.locator('button.history-open', { hasText: TITLE }).count(), 1, 'one saved conversation');
    assert.match((await entry.textContent()) ?? '', /6 messages/, 'the entry counts the six stored messages');
    assert.match((await entry.textContent()) ?? '', /open/, 'the entry is marked as the open conversation');
  });

  it('a reload while an edit waits for approval: nothing written, no live Accept left, the call answered in the next request', async function () {
    suite.model.enqueue(
      { text: 'I will write it.\n<Write>\n<path>notes.md</path>\n<content>pending text</content>\n</Write>' },
      { text: 'Understood, not written.' },
    );
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'reload-mid-approval' });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    let chat = await session.chatFrame();
    await sendChatMessage(chat, 'Write the notes');
    await chat.getByRole('button', { name: 'Accept' }).first().waitFor({ timeout: 20_000 });

    chat = await reloadWindow(session);
    await transcriptEntries(chat, 'user').filter({ hasText: 'Write the notes' }).first().waitFor({ timeout: 20_000 });
    await eventually(async () => assert.equal(await chat.getByRole('button', { name: 'Accept' }).count(), 0, 'no Accept that could act on a dead approval'), { timeoutMs: 10_000 });
    assert.equal(fs.existsSync(path.join(workspace, 'notes.md')), false, 'nothing was written');

    await sendAndWaitForTurn(chat, 'Did you write it?');
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 2);
    const conversation = messagesOf(posts[1]!).filter((m) => m.role !== 'system').map((m) => `${m.role}: ${m.content}`);
    const writeAt = conversation.findIndex((m) => m.startsWith('assistant:') && m.includes('<Write>'));
    assert.ok(writeAt >= 0, `the Write is in history:\n${describeMessages(posts[1]!)}`);
    assert.match(conversation[writeAt + 1] ?? '', /cancelled|reloaded/i, `the Write is answered:\n${describeMessages(posts[1]!)}`);
  });

  it('a reload while the model is still streaming keeps what was shown, closes the turn, and the next request is valid', async function () {
    const partial = 'Here is the first part of a long answer, streamed slowly. ';
    // The reply stops a little after the partial text and waits there: the reload comes while it still streams.
    suite.model.enqueue({ text: `${partial}${'More words follow here. '.repeat(200)}`, chunkSize: 8, pauseAfterChars: partial.length + 40 }, { text: 'Picking up again.' });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'reload-mid-stream' });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    let chat = await session.chatFrame();
    await sendChatMessage(chat, 'Tell me a long story');
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'first part of a long answer' }).first().waitFor({ timeout: 20_000 });
    await eventually(() => assert.equal(suite.model.pausedStreams(), 1), { message: 'the reply waits mid-stream' });
    // The host saves a streaming turn at most every 400 ms: reload once the shown part is on disk.
    await eventually(() => assert.notEqual(storedConversationsWith(suite.server.userDataDir, 'first part of a long answer'), ''), { timeoutMs: 20_000, message: 'the partial reply is saved' });

    chat = await reloadWindow(session);
    await transcriptEntries(chat, 'user').filter({ hasText: 'Tell me a long story' }).first().waitFor({ timeout: 20_000 });
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'first part of a long answer' }).first().waitFor({ timeout: 10_000 });

    await sendAndWaitForTurn(chat, 'Please go on');
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'Picking up again.' }).first().waitFor({ timeout: 10_000 });
    const posts = chatPosts(suite.model);
    const conversation = messagesOf(posts.at(-1)!).filter((m) => m.role !== 'system');
    assert.deepEqual(conversation.map((m) => m.role), ['user', 'assistant', 'user'], `the request after the reload:\n${describeMessages(posts.at(-1)!)}`);
    // The reply cut by the reload is closed in history with what the user saw of it, and the model is told.
    assert.match(conversation[1]!.content, /first part of a long answer/, 'the part shown before the reload is kept');
    assert.match(conversation[1]!.content, /window was reloaded/, `the interrupted reply is closed: ${conversation[1]!.content}`);
    assert.equal(conversation[2]!.content, 'Please go on');
  });
});
