// Claude natively (issue 41, spec §3 `messages`): Anthropic's Messages API against the scripted Messages server, which
// refuses what Anthropic refuses with Anthropic's own texts (a tool-using turn without its thinking, an altered
// signature, a tool_result not first, a fifth cache mark, an empty text block, no max_tokens, no input_schema) and
// counts what its prompt cache reads and writes. Every request below was accepted, so each of those rules held.
import * as assert from 'node:assert/strict';
import { formatCost } from '../../webview-ui/format';
import type { RecordedRequest } from '../fixtures/scriptedModelServer';
import { sendAndWaitForTurn, transcriptEntries } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { chatPosts } from './support/modelRequests';
import { writeWorkspaceSettings } from './support/testWorkspace';

type Block = { type: string; cache_control?: unknown; content?: unknown; signature?: string; id?: string; tool_use_id?: string };
interface MessagesBody { messages: { role: string; content: Block[] }[]; system?: Block[]; tools?: Block[]; thinking?: unknown; output_config?: unknown; max_tokens?: number }

const readA = (id: string) => ({ id, name: 'Read', arguments: '{"path":"src/a.ts"}' });
const messagesPosts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/v1/messages'));
const bodyOf = (request: RecordedRequest) => request.body as MessagesBody;
const marks = (blocks: Block[] | undefined): number => (blocks ?? []).reduce((n, b) => n + (b.cache_control ? 1 : 0) + (Array.isArray(b.content) ? marks(b.content as Block[]) : 0), 0);
const marksOf = (body: MessagesBody) => marks(body.tools) + marks(body.system) + body.messages.reduce((n, m) => n + marks(m.content), 0);
const prices = { input: 3, output: 15, cached: 0.3 };

describe('the Messages API: Claude natively, with thinking, caching and Anthropic\'s rules', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  async function open(modelBaseUrl: string, settings: Record<string, unknown>) {
    const workspace = suite.server.createWorkspace({ modelBaseUrl, settings: { 'codeagent.model.toolProtocol': 'native', 'codeagent.model.reasoningEffort': 'high', ...settings } });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    return { chat: await session.chatFrame(), workspace };
  }
  const noErrors = async (chat: Awaited<ReturnType<typeof open>>['chat']) =>
    assert.equal(await transcriptEntries(chat, 'error').count(), 0, `no error in the panel: ${await transcriptEntries(chat, 'error').allInnerTexts()}`);

  it('an /anthropic base under auto: a 529 and an overloaded_error retried, thinking over two tool steps and a second turn with redacted thinking, 1-4 marks, the cache in the meter and the cost', async function () {
    suite.model.enqueue(
      { fault: { kind: 'http', status: 529, retryAfterSeconds: 0 } },
      { errorEvent: 'overloaded_error' },
      { reasoning: 'Read a.ts first.', toolCalls: [readA('toolu_01')] },
      { reasoning: 'Look at the folder too.', toolCalls: [{ id: 'toolu_02', name: 'LS', arguments: '{"path":"src"}' }] },
      { reasoning: 'Both seen.', text: 'a is 1.' },
      { redactedThinking: true, reasoning: 'Once more.', toolCalls: [readA('toolu_03')] },
      { text: 'Still 1.' },
    );
    const { chat } = await open(suite.model.baseUrl.replace(/\/v1$/, '/anthropic'), {
      'codeagent.model.name': 'claude-sonnet-4-6', 'codeagent.model.api': 'auto',
      'codeagent.model.inputPricePerMTok': prices.input, 'codeagent.model.outputPricePerMTok': prices.output, 'codeagent.model.cachedInputPricePerMTok': prices.cached,
    });
    await sendAndWaitForTurn(chat, 'What is a?', 60_000);
    await sendAndWaitForTurn(chat, 'Are you sure?', 30_000);
    // The two retries say so, in the API's own words (retry-after: 0 honoured, then the backoff); nothing else failed.
    const notices = (await transcriptEntries(chat, 'error').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    assert.equal(notices.length, 2, notices.join(' | '));
    assert.match(notices[0]!, /Retry 1\/3 in 0 s: The model endpoint failed \(529\): Overloaded/);
    assert.match(notices[1]!, /Retry 2\/3 in 2 s: The model failed \(overloaded_error\): Overloaded/);
    await eventually(async () => assert.ok((await transcriptEntries(chat, 'assistant').last().innerText()).includes('Still 1.')));
    assert.ok(await transcriptEntries(chat, 'thinking').count() >= 1, 'the thinking shows');

    const posts = messagesPosts(suite.model.requests);
    assert.equal(posts.length, 7, 'two failures retried, then five steps');
    assert.equal(chatPosts(suite.model).length, 0, 'nothing went to /chat/completions');
    for (const post of posts) {
      const body = bodyOf(post);
      assert.equal(post.path, '/anthropic/v1/messages');
      assert.ok(marksOf(body) >= 1 && marksOf(body) <= 4, `${marksOf(body)} cache marks`);
      assert.deepEqual([body.thinking, body.output_config, typeof body.max_tokens, 'temperature' in body], [{ type: 'adaptive' }, { effort: 'high' }, 'number', false]);
    }
    // Step 2 of turn 1: step 1's thinking block, signed, first in its message; its tool result first in the next.
    const step2 = bodyOf(posts[3]!).messages;
    assert.deepEqual(step2.map((m) => m.role), ['user', 'assistant', 'user']);
    assert.equal(step2[1]!.content[0]!.type, 'thinking');
    assert.ok(step2[1]!.content[0]!.signature, 'with its signature');
    assert.equal(step2[2]!.content[0]!.type, 'tool_result');
    // Turn 2's step 2: the redacted block and the thinking, in order, before the call; turn 1's thinking still there.
    const last = bodyOf(posts[6]!).messages;
    assert.deepEqual(last.at(-2)!.content.map((b) => b.type), ['redacted_thinking', 'thinking', 'tool_use']);
    assert.equal(last.filter((m) => m.role === 'assistant' && m.content[0]?.type === 'thinking').length, 3);

    // The cost counts reads at the cached price and writes at 1.25x input, as the server reported them.
    const usages = posts.slice(2).map((p) => p.usage!);
    assert.ok(usages.slice(1).every((u) => u.cache_read_input_tokens > 0), `every step after the first reads the cache: ${JSON.stringify(usages)}`);
    const cost = usages.reduce((sum, u) => sum + (u.input_tokens * prices.input + u.cache_creation_input_tokens * prices.input * 1.25 + u.cache_read_input_tokens * prices.cached + u.output_tokens * prices.output) / 1_000_000, 0);
    await eventually(async () => assert.match((await chat.locator('#cache-label').textContent()) ?? '', /^cache [1-9]\d*%$/), { timeoutMs: 10_000, message: 'the meter shows the cache share' });
    await eventually(async () => assert.ok(((await chat.locator('#tokens-label').textContent()) ?? '').includes(formatCost(cost)), `the meter says ${formatCost(cost)}`), { timeoutMs: 10_000 });
  });

  it('a /v1 base with model.api messages: the picker lists GET /v1/models; a switch to a chat-completions model and back goes on', async function () {
    suite.model.setModels(['claude-sonnet-4-6', 'gpt-5-mini']);
    suite.model.enqueue({ reasoning: 'Read it.', toolCalls: [readA('toolu_11')] }, { reasoning: 'Seen.', text: 'a is 1.' });
    const settings = { 'codeagent.model.api': 'messages', 'codeagent.model.name': 'claude-sonnet-4-6' };
    const { chat, workspace } = await open(suite.model.baseUrl, settings);
    const picker = chat.locator('#model-bar').getByRole('combobox', { name: 'Model' });
    await picker.focus();
    await eventually(async () => assert.ok((await picker.locator('option').allTextContents()).includes('gpt-5-mini')), { timeoutMs: 15_000, message: 'the endpoint\'s models in the picker' });
    assert.ok(suite.model.modelListRequests.some((r) => r.headers['anthropic-version']), 'listed through the Messages API');
    await sendAndWaitForTurn(chat, 'What is a?', 30_000);

    const switchTo = async (api: string, name: string) => {
      writeWorkspaceSettings(workspace, { ...settings, 'codeagent.model.toolProtocol': 'native', 'codeagent.model.reasoningEffort': 'high', 'codeagent.model.api': api, 'codeagent.model.name': name });
      await eventually(async () => assert.equal(await picker.inputValue(), name), { timeoutMs: 15_000, message: `the host reads ${name}` });
    };
    await switchTo('chat', 'gpt-5-mini');
    suite.model.enqueue({ toolCalls: [{ id: 'call:gpt/1', name: 'Read', arguments: '{"path":"src/a.ts"}' }] }, { text: 'Chat says 1.' });
    await sendAndWaitForTurn(chat, 'Check again.', 30_000);
    const signature = bodyOf(messagesPosts(suite.model.requests)[1]!).messages[1]!.content[0]!.signature!;
    const chatBody = JSON.stringify(chatPosts(suite.model).map((p) => p.body));
    assert.ok(signature && !chatBody.includes(signature), 'Claude\'s thinking stays with Anthropic');
    const assistants = chatPosts(suite.model).flatMap((p) => (p.body.messages as Record<string, unknown>[]).filter((m) => m.role === 'assistant'));
    assert.ok(assistants.every((m) => Object.keys(m).every((k) => ['role', 'content', 'tool_calls'].includes(k))), `nothing of Anthropic's on the chat messages: ${JSON.stringify(assistants)}`);

    await switchTo('messages', 'claude-sonnet-4-6');
    suite.model.enqueue({ reasoning: 'Back.', toolCalls: [readA('toolu_12')] }, { text: 'Back on Claude.' });
    await sendAndWaitForTurn(chat, 'And now?', 30_000);
    await noErrors(chat);
    await eventually(async () => assert.ok((await transcriptEntries(chat, 'assistant').last().innerText()).includes('Back on Claude.')));
    const posts = messagesPosts(suite.model.requests);
    assert.equal(posts.length, 4);
    const history = bodyOf(posts.at(-1)!).messages;
    const ids = history.flatMap((m) => m.content.filter((b) => b.type === 'tool_use').map((b) => b.id!));
    assert.ok(ids.every((id) => /^[a-zA-Z0-9_-]+$/.test(id)) && ids.length === 3, `ids as Anthropic wants them: ${ids.join(', ')}`);
    assert.deepEqual(history.flatMap((m) => m.content.filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id)), ids, 'each result answers its call');
    assert.equal(posts.at(-1)!.path, '/v1/messages');
  });
});
