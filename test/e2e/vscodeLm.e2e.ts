// Issue 55 in real VS Code (≥ 1.104: code-server 4.139): a test extension registers a chat model provider answering
// from the scripted model server, as Copilot's models answer from its service (fixtures/lmProvider). The model
// shows in onboarding and the picker; a turn with a Read, an approved edit and the answer runs on it; a refusal
// (NoPermissions, what VS Code raises when the user does not allow the access) is one clear line; switching to the
// endpoint's model mid-conversation keeps the conversation going.
// The three tests share one window (a boot costs about 10 CPU-s of Chromium): the consent first, while nothing has
// been allowed yet in the window; the onboarding last, as the only one that picks a model in the user's settings.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { sendAndWaitForTurn, sendChatMessage, transcriptEntries, waitForIdle } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';

const PROVIDER = path.resolve(__dirname, '../fixtures/lmProvider/extension');
const LABEL = 'Scripted · Scripted GPT';
/** The settings of a user who picked the provider's model. */
const ON_SCRIPTED_GPT = { 'codeagent.model.api': 'vscode', 'codeagent.model.vscodeModel': { vendor: 'scripted', family: 'scripted-gpt', id: 'scripted-gpt' } };

describe('VS Code chat models (vscode.lm)', function () {
  const suite = useCodeServerSuite({ testExtensions: [PROVIDER], window: 'shared' });

  function workspaceWith(settings: Record<string, unknown>, name: string) {
    const dir = suite.server.createWorkspace({
      modelBaseUrl: suite.model.baseUrl,
      name,
      settings: { 'codeagentTest.lmProvider.baseUrl': suite.model.baseUrl, 'codeagent.approval.autoApproveReadOnly': true, 'codeagent.approval.autoApproveEdits': false, ...settings },
    });
    fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src/a.ts'), 'export const a = 1;\n');
    return dir;
  }

  /** The turn ends on VS Code's refusal: one line that says what to do, no stack, nothing sent to the model. */
  async function refusedInOneLine(chat: Frame) {
    const error = transcriptEntries(chat, 'error').last();
    await error.waitFor({ timeout: 30_000 });
    await waitForIdle(chat);
    const text = (await error.textContent()) ?? '';
    assert.match(text, /VS Code did not allow CodeAgent to use Scripted · Scripted GPT\. Send again and choose Allow/);
    assert.doesNotMatch(text, /\bat .+:\d+:\d+/, 'no stack');
    assert.equal(suite.model.requests.length, 0, 'nothing reached the model');
  }

  /** The picks a run before this one (a retry) wrote to the user's settings; without them the onboarding shows. */
  function forgetPickedModel() {
    const file = suite.server.userSettingsFile;
    const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const key of ['codeagent.model.name', 'codeagent.model.api', 'codeagent.model.vscodeModel']) delete settings[key];
    fs.writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
  }

  it('the consent VS Code asks is its own, once: refused, one clear line and nothing sent; allowed, the turn runs', async function () {
    const workspace = workspaceWith({
      ...ON_SCRIPTED_GPT,
      'codeagentTest.lmProvider.requiresAuthorization': true,
    }, 'lm-consent');
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    const dialog = session.page.locator('.monaco-dialog-box');
    await sendChatMessage(chat, 'hello');
    await dialog.waitFor({ timeout: 30_000 });
    assert.match((await dialog.textContent()) ?? '', /CodeAgent/);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await refusedInOneLine(chat);

    suite.model.enqueue({ text: 'Allowed now.' }, { text: 'Still allowed.' });
    await sendChatMessage(chat, 'hello again');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: /^Allow/ }).first().click();
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'Allowed now.' }).waitFor({ timeout: 30_000 });
    await waitForIdle(chat);
    await sendAndWaitForTurn(chat, 'and once more');
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'Still allowed.' }).waitFor({ timeout: 30_000 });
    assert.equal(await dialog.count(), 0, 'asked once');
    assert.equal(suite.model.requests.length, 2);
  });

  it('NoPermissions (the access not allowed) is one clear line, no stack', async function () {
    const workspace = workspaceWith({
      ...ON_SCRIPTED_GPT,
      'codeagentTest.lmProvider.failWith': 'NoPermissions',
    }, 'lm-refused');
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendChatMessage(chat, 'hello');
    await refusedInOneLine(chat);
  });

  it('onboarding offers it first; a turn with a Read, an approved edit and the answer runs on it; then the endpoint\'s model goes on', async function () {
    forgetPickedModel();
    const workspace = workspaceWith({ 'codeagent.model.name': undefined, 'codeagent.model.toolProtocol': 'native' }, 'lm-turn');
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame({ selector: '[data-testid="onboarding"] vscode-button' });
    const onboarding = chat.locator('[data-testid="onboarding"]');
    const useVscode = onboarding.getByRole('button', { name: 'Use a model you already have in VS Code' });
    await useVscode.waitFor({ timeout: 30_000 });
    assert.match((await onboarding.locator('.model-vscode').textContent()) ?? '', new RegExp(LABEL));
    await useVscode.click();
    await eventually(async () => assert.equal(await onboarding.isVisible(), false), { timeoutMs: 15_000, message: 'one click, and the chat opens' });
    const picker = chat.locator('#model-bar').getByRole('combobox', { name: 'Model' });
    await eventually(async () => assert.equal(await picker.locator('option:checked').textContent(), LABEL), { timeoutMs: 15_000, message: 'the picker shows the VS Code model under its vendor' });

    suite.model.enqueue(
      { text: 'Reading it.', toolCalls: [{ id: 'call_r', name: 'Read', arguments: '{"path":"src/a.ts"}' }], chunkSize: 4 },
      { toolCalls: [{ id: 'call_e', name: 'Edit', arguments: JSON.stringify({ path: 'src/a.ts', old_string: 'a = 1', new_string: 'a = 2' }) }], chunkSize: 5 },
      { text: 'Done: a is 2 now.' },
    );
    await sendChatMessage(chat, 'Set a to 2 in src/a.ts');
    const card = transcriptEntries(chat, 'approval').last();
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Accept' }).click();
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'Done: a is 2 now.' }).waitFor({ timeout: 30_000 });
    assert.equal(fs.readFileSync(path.join(workspace, 'src/a.ts'), 'utf8'), 'export const a = 2;\n');
    assert.deepEqual(suite.model.requests.map((r) => r.body.model), ['scripted-gpt', 'scripted-gpt', 'scripted-gpt'], 'every step went through the provider');

    // The endpoint's model from the same picker: the next turn goes there, with the conversation so far.
    suite.model.setModels(['scripted-model']);
    await picker.focus();
    await eventually(async () => assert.ok((await picker.locator('option').allTextContents()).includes('scripted-model')), { timeoutMs: 15_000 });
    await picker.selectOption('scripted-model');
    suite.model.enqueue({ text: 'It was 1 before.' });
    await eventually(async () => assert.equal(await picker.inputValue(), 'scripted-model'), { timeoutMs: 15_000 });
    await sendAndWaitForTurn(chat, 'What was it before?');
    const last = suite.model.requests.at(-1)!.body;
    assert.equal(last.model, 'scripted-model');
    assert.ok(JSON.stringify(last.messages).includes('Done: a is 2 now.'), 'the conversation went along');
  });
});
