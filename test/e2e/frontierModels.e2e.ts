// Frontier models as their providers require (issue 30, spec §3): reasoning and signatures go back to the model
// that made them, a conversation survives a switch of model, `auto` calls tools natively and falls back to xml
// once where the endpoint refuses tools, and Claude's prompt cache is asked for. The scripted server enforces
// each provider's rule with the provider's own error text, so every scenario here failed before the change.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sendAndWaitForTurn, transcriptEntries } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';
import { chatPosts } from './support/modelRequests';

interface WireMessage { role: string; content: unknown; reasoning_content?: string; tool_calls?: { id: string; extra_content?: unknown }[]; tool_call_id?: string }

const readA = (id: string) => ({ id, name: 'Read', arguments: '{"path":"src/a.ts"}' });
const messages = (body: { messages: WireMessage[] }) => body.messages;
/** A setting as the workspace's settings file holds it: the picker's choice counts once it is written. */
const workspaceSetting = (workspace: string, key: string) => (JSON.parse(fs.readFileSync(path.join(workspace, '.vscode', 'settings.json'), 'utf8')) as Record<string, unknown>)[key];

describe('frontier models: what goes back, model switches, auto, cache marks', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  async function open(settings: Record<string, unknown>) {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, settings: { 'codeagent.model.toolProtocol': 'auto', ...settings } });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    return { session, chat: await session.chatFrame(), workspace };
  }
  const noErrors = async (chat: Awaited<ReturnType<typeof open>>['chat']) =>
    assert.equal(await transcriptEntries(chat, 'error').count(), 0, `no error in the panel: ${await transcriptEntries(chat, 'error').allInnerTexts()}`);

  it('DeepSeek thinking over two turns with tool calls: its reasoning goes back on every later request', async function () {
    suite.model.enqueue(
      { reasoning: 'The user wants a; read src/a.ts.', toolCalls: [readA('call_00_first')] },
      { reasoning: 'It says a = 1.', text: 'a is 1.' },
      { reasoning: 'Check b too.', toolCalls: [readA('call_00_second')] },
      { text: 'Still 1.' },
    );
    const { chat } = await open({ 'codeagent.model.name': 'deepseek-v4-flash' });
    await sendAndWaitForTurn(chat, 'What is a?', 30_000);
    await sendAndWaitForTurn(chat, 'Are you sure?', 30_000);
    await noErrors(chat);
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 4);
    assert.ok(posts.every((p) => Array.isArray(p.body.tools) && p.body.tools.length > 0), '`auto` calls tools natively');
    const last = messages(posts[3]!.body).filter((m) => m.role === 'assistant');
    assert.deepEqual(last.map((m) => m.reasoning_content), ['The user wants a; read src/a.ts.', 'It says a = 1.', 'Check b too.']);
    await eventually(async () => assert.ok((await transcriptEntries(chat, 'assistant').last().innerText()).includes('Still 1.')));
  });

  it('Gemini 3: the signature on its call goes back on the same call in the next step', async function () {
    suite.model.enqueue({ dialect: 'gemini', toolCalls: [readA('call_gemini_1')] }, { dialect: 'gemini', text: 'a is 1.' });
    const { chat } = await open({ 'codeagent.model.name': 'gemini-3-pro-preview' });
    await sendAndWaitForTurn(chat, 'What is a?', 30_000);
    await noErrors(chat);
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 2);
    const [call] = messages(posts[1]!.body).flatMap((m) => m.tool_calls ?? []);
    const signature = (call?.extra_content as { google?: { thought_signature?: string } } | undefined)?.google?.thought_signature;
    assert.ok(signature && signature !== 'skip_thought_signature_validator', `the server's own signature went back: ${JSON.stringify(call)}`);
    await eventually(async () => assert.ok((await transcriptEntries(chat, 'assistant').last().innerText()).includes('a is 1.')));
  });

  it('the Responses API: the reasoning item goes back, encrypted, before its call in the next request', async function () {
    suite.model.enqueue({ reasoning: 'Read it first.', toolCalls: [readA('call_resp_1')] }, { text: 'a is 1.' });
    const { chat } = await open({ 'codeagent.model.name': 'gpt-5.1-codex', 'codeagent.model.api': 'auto' });
    await sendAndWaitForTurn(chat, 'What is a?', 30_000);
    await noErrors(chat);
    const posts = suite.model.requests.filter((r) => r.path === '/v1/responses');
    assert.equal(posts.length, 2, '`auto` speaks the Responses API to a *-codex model');
    const input = posts[1]!.body.input as { type?: string; call_id?: string; encrypted_content?: string }[];
    const reasoning = input.findIndex((i) => i.type === 'reasoning');
    const call = input.findIndex((i) => i.type === 'function_call' && i.call_id === 'call_resp_1');
    assert.ok(reasoning >= 0 && reasoning < call, `reasoning before its call: ${JSON.stringify(input.map((i) => i.type))}`);
    assert.ok(input[reasoning]!.encrypted_content, 'with its encrypted content');
    assert.equal(posts[1]!.body.store, false);
    const thinking = transcriptEntries(chat, 'thinking');
    assert.equal(await thinking.count(), 1, 'the reasoning summary shows as thinking');
  });

  it('the effort chosen beside the model picker goes on the wire as the provider spells it', async function () {
    suite.model.enqueue({ text: 'Thought hard.' });
    // The workspace names the effort, so the control writes the workspace's setting and no later test inherits it.
    const { chat, workspace } = await open({ 'codeagent.model.name': 'deepseek-v4-pro', 'codeagent.model.reasoningEffort': 'default' });
    const effort = chat.locator('#model-bar').getByRole('combobox', { name: 'Reasoning effort' });
    await effort.waitFor({ timeout: 20_000 });
    await eventually(async () => assert.ok((await effort.locator('option').allTextContents()).some((t) => /max/i.test(t))), { timeoutMs: 15_000, message: 'DeepSeek\'s levels' });
    await effort.selectOption('max');
    await eventually(async () => assert.equal(await effort.inputValue(), 'max'));
    await eventually(() => assert.equal(workspaceSetting(workspace, 'codeagent.model.reasoningEffort'), 'max'), { timeoutMs: 15_000, message: 'the effort written to the settings' });
    await sendAndWaitForTurn(chat, 'Think hard.', 30_000);
    const [post] = chatPosts(suite.model);
    assert.equal(post!.body.reasoning_effort, 'max');
    assert.deepEqual(post!.body.thinking, { type: 'enabled' });
  });

  it('a conversation with native tool calls goes on after the picker switches to a Mistral model', async function () {
    suite.model.setModels(['gpt-5-mini', 'mistral-large-latest']);
    suite.model.enqueue(
      { toolCalls: [readA('call_Xy7_longer_than_nine'), { id: 'call_2_other', name: 'LS', arguments: '{"path":"src"}' }] },
      { text: 'Read and listed.' },
      { text: 'Mistral takes over.' },
    );
    const { chat, workspace } = await open({ 'codeagent.model.name': 'gpt-5-mini' });
    await sendAndWaitForTurn(chat, 'Look at src.', 30_000);
    const picker = chat.locator('#model-bar').getByRole('combobox', { name: 'Model' });
    await picker.focus();
    await eventually(async () => assert.ok((await picker.locator('option').allTextContents()).includes('mistral-large-latest')), { timeoutMs: 15_000, message: 'the endpoint\'s models in the picker' });
    await picker.selectOption('mistral-large-latest');
    await eventually(async () => assert.equal(await picker.inputValue(), 'mistral-large-latest'));
    await eventually(() => assert.equal(workspaceSetting(workspace, 'codeagent.model.name'), 'mistral-large-latest'), { timeoutMs: 15_000, message: 'the model written to the settings' });
    // The file is written before VS Code hands the new value to the extension; the effort control's levels come from
    // the host's own reading of the model (gpt-5-mini takes no `none`, an unknown model takes every level).
    const effort = chat.locator('#model-bar').getByRole('combobox', { name: 'Reasoning effort' });
    await eventually(async () => assert.equal(await effort.locator('option[value="none"]').count(), 1), { timeoutMs: 15_000, message: 'the host reads the Mistral model' });
    await sendAndWaitForTurn(chat, 'Go on.', 30_000);
    await noErrors(chat);
    const post = chatPosts(suite.model).at(-1)!;
    assert.equal(post.body.model, 'mistral-large-latest');
    const sent = messages(post.body);
    const ids = sent.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
    assert.equal(ids.length, 2);
    for (const id of ids) assert.match(id, /^[a-zA-Z0-9]{9}$/);
    assert.deepEqual(sent.filter((m) => m.role === 'tool').map((m) => m.tool_call_id), ids);
    await eventually(async () => assert.ok((await transcriptEntries(chat, 'assistant').last().innerText()).includes('Mistral takes over.')));
  });

  it('`auto` falls back to xml once when the endpoint refuses tools, says so once, and remembers it', async function () {
    suite.model.enqueue(
      { fault: { kind: 'http', status: 400, message: 'registry.ollama.ai/library/gemma3:4b does not support tools' } },
      { text: '<Read><path>src/a.ts</path></Read>' },
      { text: 'a is 1.' },
      { text: 'Hello again.' },
    );
    const { chat } = await open({ 'codeagent.model.name': 'gemma3:4b' });
    await sendAndWaitForTurn(chat, 'What is a?', 30_000);
    await sendAndWaitForTurn(chat, 'Hi again.', 30_000);
    await noErrors(chat);
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 4);
    assert.ok(Array.isArray(posts[0]!.body.tools), 'the first request offered native tools');
    assert.deepEqual(posts.slice(1).map((p) => p.body.tools), [undefined, undefined, undefined], 'then xml, in this turn and the next');
    assert.match(String(messages(posts[1]!.body)[0]!.content), /<Read>/, 'the xml system prompt');
    const notices = transcriptEntries(chat, 'assistant').filter({ hasText: 'does not take tools through this endpoint' });
    assert.equal(await notices.count(), 1, 'said once');
    await eventually(async () => assert.ok((await transcriptEntries(chat, 'assistant').last().innerText()).includes('Hello again.')));
  });

  it('a Claude model: requests carry cache marks and a long turn reads its prefix from the cache, shown in the meter', async function () {
    for (let i = 1; i < 6; i++) suite.model.enqueue({ toolCalls: [readA(`toolu_0${i}`)] });
    suite.model.enqueue({ text: 'Read it five times.' });
    suite.model.simulatePromptCache(true);
    const { chat } = await open({ 'codeagent.model.name': 'anthropic/claude-sonnet-4.5' });
    await sendAndWaitForTurn(chat, 'Read a.ts five times.', 45_000);
    await noErrors(chat);
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 6);
    for (const post of posts) {
      const marks = messages(post.body).flatMap((m) => (Array.isArray(m.content) ? m.content as { cache_control?: unknown }[] : [])).filter((p) => p.cache_control);
      assert.ok(marks.length >= 1 && marks.length <= 4, `${marks.length} cache marks`);
    }
    const cache = chat.locator('#cache-label');
    await eventually(async () => assert.match((await cache.textContent()) ?? '', /^cache [1-9]\d*%$/), { timeoutMs: 10_000, message: 'the meter shows the cache share' });
  });
});
