// Model setup (issue 13): the header's model picker lists the scripted server's `/models` and switches
// codeagent.model.name; Test connection names the exact failure (401, refused, model not found); onboarding
// offers the provider presets and the endpoint's models; the meter shows the prompt cache's share.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHAT_INPUT } from './support/browserSession';
import { sendAndWaitForTurn, transcriptEntries } from './support/chatPanel';
import { useCodeServerSuite } from './support/codeServerSuite';
import { eventually } from './support/eventually';

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('model setup', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('the header picker lists the endpoint\'s models, switches the model from the keyboard, and Test connection names each failure', async function () {
    suite.model.setModels(['scripted-model', 'coder-large', 'coder-small']);
    // The light theme here, the dark one in the onboarding test, high contrast in the keyboard test.
    const workspace = suite.server.createWorkspace({
      modelBaseUrl: suite.model.baseUrl,
      settings: { 'codeagent.model.cachedInputPricePerMTok': 0.5, 'codeagent.model.inputPricePerMTok': 2, 'workbench.colorTheme': 'Default Light Modern' },
    });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await eventually(async () => assert.equal(await chat.evaluate('document.body.classList.contains("vscode-light")'), true), { timeoutMs: 20_000, message: 'the light theme' });
    const bar = chat.locator('#model-bar');
    const picker = bar.getByRole('combobox', { name: 'Model' });
    await eventually(async () => assert.equal(await picker.inputValue(), 'scripted-model'), { timeoutMs: 20_000, message: 'the picker shows the configured model' });

    // Focusing the picker (what opening it starts with) fetches the endpoint's models.
    await picker.focus();
    await eventually(async () => assert.deepEqual(await picker.locator('option').allTextContents(), ['coder-large', 'coder-small', 'scripted-model']), { timeoutMs: 15_000, message: 'the endpoint\'s models in the picker' });
    assert.ok(suite.model.modelListRequests.length >= 1, 'the list came from GET /models');
    await picker.press('ArrowUp');
    const settingsFile = path.join(workspace, '.vscode', 'settings.json');
    await eventually(() => assert.equal(readJson(settingsFile)['codeagent.model.name'], 'coder-small'), { timeoutMs: 15_000, message: 'codeagent.model.name switched in the workspace settings' });
    await eventually(async () => assert.equal(await picker.inputValue(), 'coder-small'));

    // The next request goes to the chosen model; its cached input shows beside the tokens.
    suite.model.enqueue({ text: 'Hello from the bigger model.', usage: { prompt_tokens: 2000, completion_tokens: 10, cached_tokens: 1640 } });
    await sendAndWaitForTurn(chat, 'Say hello');
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'Hello from the bigger model.' }).waitFor({ timeout: 20_000 });
    assert.equal(suite.model.requests.at(-1)!.body.model, 'coder-small');
    const cache = chat.locator('#cache-label');
    await eventually(async () => assert.equal(await cache.textContent(), 'cache 82%'), { timeoutMs: 10_000, message: 'the cache-hit share' });
    assert.match((await cache.getAttribute('title')) ?? '', /82% of the input \(1\.6k of 2\.0k tokens\) came from the provider['’]s prompt cache/);
    // 360 × $2 + 1640 × $0.5 per million: the cached input at its own price.
    assert.match((await chat.locator('#tokens-label').textContent()) ?? '', /\$0\.0015/);

    const test = bar.getByRole('button', { name: 'Test connection' });
    const verdict = bar.getByRole('status');
    const testSays = async (status: string, pattern: RegExp) => {
      await test.click();
      await eventually(async () => {
        assert.equal(await verdict.getAttribute('data-status'), status);
        assert.match((await verdict.textContent()) ?? '', pattern);
      }, { timeoutMs: 15_000, message: `Test connection reports ${status}` });
    };
    await testSays('ok', /"coder-small" is available \(3 models\)/);
    suite.model.requireApiKey('sk-right');
    await testSays('unauthorized', /^Unauthorized \(401\): Incorrect API key provided\. This endpoint needs an API key; run "CodeAgent: Set API Key"\.$/);
    suite.model.requireApiKey(undefined);
    suite.model.setModels(['scripted-model']);
    await testSays('model_not_found', /does not serve the model "coder-small"\. Available: scripted-model\./);
    await suite.model.refuseConnections();
    try {
      await testSays('refused', /^Connection refused: nothing is listening at 127\.0\.0\.1:\d+\. Is the local server running\?$/);
    } finally {
      await suite.model.acceptConnections();
    }
    // The chat itself was never blocked by any of it.
    assert.equal(await chat.locator(CHAT_INPUT).isEnabled(), true);
    if (process.env.CODEAGENT_E2E_DEBUG) await session.page.screenshot({ path: 'test-results/model-setup-light.png' });
  });

  it('onboarding without a model offers the presets and the endpoint\'s models; choosing one opens the chat', async function () {
    suite.model.setModels(['scripted-model', 'coder-large', 'coder-small']);
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, settings: { 'codeagent.model.name': undefined, 'workbench.colorTheme': 'Default Dark Modern' }, name: 'no-model' });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame({ selector: '[data-testid="onboarding"] vscode-button' });
    await eventually(async () => assert.equal(await chat.evaluate('document.body.classList.contains("vscode-dark")'), true), { timeoutMs: 20_000, message: 'the dark theme' });
    const onboarding = chat.locator('[data-testid="onboarding"]');
    for (const name of ['Use OpenAI', 'Use Anthropic', 'Use DeepSeek', 'Use Kimi (Anthropic API)', 'Use OpenRouter', 'Use Ollama', 'Use LM Studio', 'Use a custom endpoint']) {
      await onboarding.getByRole('button', { name }).waitFor({ timeout: 20_000 });
    }
    assert.equal(await chat.locator('#model-bar').isVisible(), false, 'the header picker steps aside for onboarding');

    await onboarding.getByRole('button', { name: 'Test connection' }).click();
    const verdict = onboarding.getByRole('status');
    await eventually(async () => assert.equal(await verdict.textContent(), `Connected to ${suite.model.baseUrl}: 3 models. Choose one.`), { timeoutMs: 15_000, message: 'Test connection in onboarding' });

    const models = onboarding.getByRole('combobox', { name: 'Model' });
    await eventually(async () => assert.deepEqual(await models.locator('option').allTextContents(), ['Choose a model…', 'coder-large', 'coder-small', 'scripted-model']), { timeoutMs: 15_000, message: 'the endpoint\'s models in onboarding' });
    if (process.env.CODEAGENT_E2E_DEBUG) await session.page.screenshot({ path: 'test-results/model-setup-dark.png' });
    await models.focus();
    await models.selectOption('coder-large');

    // The choice lands in the user settings (the workspace does not set a model), and the chat opens.
    const userSettings = path.join(suite.server.userDataDir, 'User', 'settings.json');
    await eventually(() => assert.equal(readJson(userSettings)['codeagent.model.name'], 'coder-large'), { timeoutMs: 15_000, message: 'codeagent.model.name in the user settings' });
    await eventually(async () => assert.equal(await onboarding.isVisible(), false), { timeoutMs: 15_000, message: 'onboarding gone' });
    suite.model.enqueue({ text: 'Ready.' });
    await sendAndWaitForTurn(chat, 'Are you there?');
    assert.equal(suite.model.requests.at(-1)!.body.model, 'coder-large');
  });
  it('onboarding works from the keyboard alone, in the high-contrast theme: a custom endpoint, then a model', async function () {
    suite.model.setModels(['coder-large', 'coder-small']);
    const workspace = suite.server.createWorkspace({
      // An empty name set in the workspace: no model, and the choice is written back there (not to the user settings).
      settings: { 'codeagent.model.name': '', 'codeagent.model.baseUrl': 'https://example.invalid/v1', 'workbench.colorTheme': 'Default High Contrast' },
      name: 'keyboard',
    });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame({ selector: '[data-testid="onboarding"] vscode-button' });
    const onboarding = chat.locator('[data-testid="onboarding"]');
    await eventually(async () => assert.equal(await chat.evaluate('document.body.classList.contains("vscode-high-contrast")'), true), { timeoutMs: 20_000, message: 'the high-contrast theme' });

    // Tab from the first provider to "Use a custom endpoint": every preset is in the tab order.
    // A real click on the panel first: a script's focus() inside the webview does not move the page's focus
    // into its frame, so the keys below could land in the workbench.
    await onboarding.locator('h3').first().click();
    await onboarding.getByRole('button', { name: 'Use OpenAI' }).focus();
    const focusedName = () => chat.evaluate('document.activeElement && document.activeElement.textContent') as Promise<string | null>;
    const seen: string[] = [];
    for (let i = 0; i < 10 && (await focusedName()) !== 'Use a custom endpoint'; i++) {
      seen.push((await focusedName()) ?? '');
      await session.page.keyboard.press('Tab');
    }
    assert.deepEqual(seen, ['Use OpenAI', 'Use Anthropic', 'Use DeepSeek', 'Use Kimi (Anthropic API)', 'Use OpenRouter', 'Use Ollama', 'Use LM Studio']);
    await session.page.keyboard.press('Enter');

    // VS Code asks for the URL and checks it as it is typed.
    const urlInput = session.page.locator('.quick-input-widget input');
    await urlInput.waitFor({ timeout: 15_000 });
    await urlInput.fill('api.example.com/v1');
    await session.page.locator('.quick-input-widget', { hasText: 'Did you mean https://api.example.com/v1?' }).waitFor({ timeout: 10_000 });
    await urlInput.fill(suite.model.baseUrl);
    await urlInput.press('Enter');
    const settingsFile = path.join(workspace, '.vscode', 'settings.json');
    await eventually(() => assert.equal(readJson(settingsFile)['codeagent.model.baseUrl'], suite.model.baseUrl), { timeoutMs: 15_000, message: 'the endpoint written where the workspace keeps it' });

    const models = onboarding.getByRole('combobox', { name: 'Model' });
    await eventually(async () => assert.deepEqual(await models.locator('option').allTextContents(), ['Choose a model…', 'coder-large', 'coder-small']), { timeoutMs: 15_000, message: 'the custom endpoint\'s models' });
    // High contrast: the dropdown keeps a visible border (the theme's contrast border), as VS Code's own do.
    const border = await chat.evaluate('(() => { const s = getComputedStyle(document.querySelector(".model-choice select")); return s.borderTopStyle + " " + s.borderTopColor; })()') as string;
    assert.match(border, /^solid rgb/);
    assert.doesNotMatch(border, /rgba\(0, 0, 0, 0\)/);
    await models.focus();
    await models.press('ArrowDown');
    await eventually(() => assert.equal(readJson(settingsFile)['codeagent.model.name'], 'coder-large'), { timeoutMs: 15_000, message: 'the model chosen with the arrow key' });
    await eventually(async () => assert.equal(await onboarding.isVisible(), false), { timeoutMs: 15_000, message: 'onboarding gone' });
    if (process.env.CODEAGENT_E2E_DEBUG) await session.page.screenshot({ path: 'test-results/model-setup-high-contrast.png' });
  });
});
