// The chat panel in a real VS Code (code-server): a streamed Markdown reply from the scripted
// model server, Retry after the provider refused a turn, and the onboarding state when no model is configured.
import * as assert from 'node:assert/strict';
import { CHAT_INPUT } from './support/browserSession';
import { sendChatMessage } from './support/chatPanel';
import { eventually } from './support/eventually';
import { recordedTexts, recordTexts } from './support/textRecorder';
import { SCRIPTED_MODEL_NAME } from './support/testWorkspace';
import { useCodeServerSuite } from './support/codeServerSuite';
import { expectNoAxeViolations } from './support/axe';

const REPLY = 'Hello from the **scripted** suite.model.\n\n- one\n- two';
const ASSISTANT = '[role="log"] [data-kind="assistant"]';

/** The text of a chat message's content, whether a string or OpenAI content parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
  return '';
}

describe('chat panel', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('streams a reply from the model and renders it as Markdown', async function () {
    suite.model.enqueue({ text: REPLY, chunkSize: 4, delayMs: 15, usage: { prompt_tokens: 321, completion_tokens: 17 } });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await recordTexts(chat, ASSISTANT);

    await sendChatMessage(chat, 'Say hello');

    const log = chat.locator('[role="log"]');
    await log.locator('[data-kind="user"]', { hasText: 'Say hello' }).first().waitFor({ timeout: 15_000 });
    const assistant = log.locator('[data-kind="assistant"]').last();
    await assistant.waitFor({ timeout: 20_000 });
    await eventually(
      async () => {
        assert.match((await assistant.locator('strong').allTextContents()).join(' '), /scripted/);
        assert.equal(await assistant.locator('li').count(), 2);
      },
      { timeoutMs: 20_000, message: 'the reply is rendered as Markdown' },
    );

    // Streaming: the entry showed at least two different partial texts before the final one.
    const finalText = (await assistant.textContent()) ?? '';
    const texts = await recordedTexts(chat);
    if (process.env.CODEAGENT_E2E_DEBUG) console.log('      recorded assistant texts:', texts);
    const partialLengths = new Set(texts.filter((text) => text !== finalText).map((text) => text.length));
    assert.ok(partialLengths.size >= 2, `expected the reply to grow over time, saw ${JSON.stringify(texts)}`);

    // What the model server received.
    const posts = suite.model.requests.filter((request) => request.method === 'POST');
    assert.equal(posts.length, 1, `expected one POST, got ${posts.map((p) => p.path).join(', ')}`);
    const [post] = posts;
    assert.match(post!.path, /\/chat\/completions$/);
    const body = post!.body;
    assert.equal(body.model, SCRIPTED_MODEL_NAME);
    assert.equal(body.stream, true);
    assert.equal(body.stream_options?.include_usage, true);
    const messages: Array<{ role: string; content: unknown }> = body.messages;
    assert.ok(Array.isArray(messages) && messages.length >= 2, 'messages: system … user');
    assert.equal(messages[0]!.role, 'system');
    const last = messages[messages.length - 1]!;
    assert.equal(last.role, 'user');
    assert.ok(contentText(last.content).startsWith('Say hello'), `last user message: ${JSON.stringify(last.content).slice(0, 200)}`);
  });

  it('a turn the provider refused shows the error with Retry; Retry sends the message once and the answer arrives', async function () {
    suite.model.enqueue({ fault: { kind: 'http', status: 401, message: 'Incorrect API key provided' } }, { text: 'Now it works.' });
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'retry' });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendChatMessage(chat, 'Are you there?');

    const error = chat.locator('[role="log"] [data-kind="error"]', { hasText: 'Incorrect API key provided' });
    await error.waitFor({ timeout: 20_000 });
    const retry = error.getByRole('button', { name: 'Retry' });
    await retry.waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(chat, 'an error with Retry');
    await session.screenshot('retry-offered');
    await retry.click();

    await chat.locator(ASSISTANT, { hasText: 'Now it works.' }).waitFor({ timeout: 20_000 });
    await eventually(async () => assert.equal(await chat.locator('[role="log"] [data-kind="error"]').getByRole('button', { name: 'Retry' }).count(), 0), { message: 'Retry is gone once used' });
    assert.equal(await chat.locator('[role="log"] .restore-checkpoint').count(), 1, 'one Restore checkpoint: the retried message\'s');
    const posts = suite.model.requests.filter((request) => request.method === 'POST');
    assert.equal(posts.length, 2);
    const users = (posts[1]!.body.messages as Array<{ role: string; content: unknown }>).filter((m) => m.role === 'user').map((m) => contentText(m.content));
    assert.deepEqual(users, ['Are you there?'], 'the message once');
  });

  it('shows onboarding when no model is configured', async function () {
    // Empty in the workspace, over a name an earlier test of a kept window chose in the user's settings (modelSetup).
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, settings: { 'codeagent.model.name': '' }, name: 'no-model' });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame({ selector: `${CHAT_INPUT}, [data-testid="onboarding"]` });
    const onboarding = chat.locator('[data-testid="onboarding"]');
    await eventually(
      async () => {
        assert.ok(await onboarding.first().isVisible(), 'onboarding is visible');
        assert.match((await onboarding.first().textContent({ timeout: 1000 })) ?? '', /codeagent\.model\.name/);
      },
      {
        timeoutMs: 20_000,
        message: 'the onboarding state names codeagent.model.name',
      },
    );

    // With text typed in, Send stays disabled — or sending just shows the onboarding again.
    const input = chat.locator(CHAT_INPUT);
    if (await input.isVisible()) await input.fill('Say hello');
    const send = chat.getByRole('button', { name: 'Send' });
    if ((await send.count()) > 0 && (await send.isEnabled())) {
      await send.click();
      await eventually(async () => assert.match((await onboarding.first().textContent({ timeout: 1000 })) ?? '', /codeagent\.model\.name/));
    }
    // The panel stays blocked by onboarding (a positive sign the host answered), so nothing can have been sent.
    await eventually(async () => assert.equal(await send.isEnabled(), false, 'Send is blocked while onboarding shows'));
    assert.equal(suite.model.requests.filter((request) => request.method === 'POST').length, 0, 'nothing is sent without a model');
  });
});
