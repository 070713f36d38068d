// Real provider streams in real VS Code (spec §3): the scripted server replays, byte for byte, a recorded Mistral
// thinking stream (delta.content as arrays of thinking/text parts, then a string) and a recorded OpenAI refusal
// (delta.refusal). The panel shows the thinking block and the answer, and the refusal as a visibly refused answer.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { providerStream } from '../support/providerStreams';
import { sendAndWaitForTurn, TRANSCRIPT, transcriptEntries } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { chatPosts, messagesOf } from './support/modelRequests';
import { testResultsDir } from './support/paths';

describe('providers: recorded streams in the panel', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('shows a Mistral thinking stream\'s thinking and answer, and an OpenAI refusal marked Refused', async function () {
    suite.model.enqueue(
      { rawSse: providerStream('mistral-small-thinking-mixed.sse'), delayMs: 20 },
      { rawSse: providerStream('openai-refusal.sse'), delayMs: 20 },
    );
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();

    await sendAndWaitForTurn(chat, 'What is 17 * 23?', 30_000);
    const thinking = transcriptEntries(chat, 'thinking');
    assert.equal(await thinking.count(), 1, 'the thinking block shows');
    await thinking.locator('summary').click();
    await eventually(async () => assert.match((await thinking.locator('.entry-body').innerText()) ?? '', /the product of 17 and 23/), { message: 'the thinking text is readable once opened' });
    const answer = transcriptEntries(chat, 'assistant').last();
    assert.ok(await answer.isVisible(), 'the answer shows');
    // The last delta's paint may follow the turn's end by a frame or two (streamed text repaints every 50 ms).
    await eventually(async () => assert.equal((await answer.locator('.entry-body').innerText()).trim(), '391'));
    assert.doesNotMatch(await answer.innerText(), /product of 17/, 'the thinking is not in the answer');

    await sendAndWaitForTurn(chat, 'Now tell me something you will refuse.', 30_000);
    const refused = chat.locator(`${TRANSCRIPT} [data-kind="assistant"][data-refusal="true"]`);
    await refused.waitFor({ timeout: 15_000 });
    assert.equal(await refused.count(), 1);
    assert.ok(await refused.isVisible(), 'the refusal shows, not an empty turn');
    assert.match(await refused.locator('.entry-header').innerText(), /Refused/i);
    await eventually(async () => assert.equal((await refused.locator('.entry-body').innerText()).trim(), "I'm sorry, I can't assist with that request."));

    // History kept both answers: the second request carried the first, the refusal is kept for the next.
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 2);
    assert.deepEqual(messagesOf(posts[1]!).slice(-3).map((m) => [m.role, m.content]), [['user', 'What is 17 * 23?'], ['assistant', '391'], ['user', 'Now tell me something you will refuse.']]);

    const shots = path.join(testResultsDir, 'providers');
    fs.mkdirSync(shots, { recursive: true });
    await session.page.locator('.part.sidebar').screenshot({ path: path.join(shots, 'mistral-thinking-and-refusal.png') });
  });
});
