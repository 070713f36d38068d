// Working alongside the agent (spec §16): a message sent while a turn runs is queued (shown at once, removable)
// and reaches the turn's next model request right after the tool result; two conversations, the side panel and
// an editor tab, stream at the same time, each with its own history.
import * as assert from 'node:assert/strict';
import { sendChatMessage, TRANSCRIPT, transcriptEntries, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { chatPosts, describeMessages, messagesOf } from './support/modelRequests';

const QUEUED = '#queued [data-kind="user"][data-status="queued"]';

describe('queue and several conversations', function () {
  const suite = useCodeServerSuite();

  it('a message queued mid-turn reaches the next request next to the tool result; Remove takes one back', async function () {
    const preamble = 'Let me look at the file before I change anything in it, one careful step at a time.';
    suite.model.enqueue(
      { text: preamble, toolCalls: [{ id: 'call_read', name: 'Read', arguments: '{"path":"src/a.ts"}' }], chunkSize: 3, delayMs: 120 },
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
});
