import { strict as assert } from 'node:assert';
import { Settings } from '../../../src/core/settings';
import { OpenAiModelCatalog } from '../../../src/node/openAiModelCatalog';
import { HostMessage, WebviewMessage } from '../../../src/protocol/messages';
import { ModelSetupController } from '../../../src/vscode/modelSetupController';
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { eventually } from '../../e2e/support/eventually';

describe('ModelSetupController: the panel\'s model setup against the scripted server', () => {
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  const copilot = { id: 'gpt-5.1', vendor: 'copilot', family: 'gpt-5.1', label: 'Copilot · GPT-5.1' };

  function harness(initial: { baseUrl?: string; name?: string; key?: string; fetch?: typeof fetch; supportsImages?: boolean; api?: string; vscodeModels?: Array<typeof copilot> } = {}) {
    const model: { baseUrl: string; name: string; supportsImages: boolean; reasoningEffort?: string; api?: string } = { baseUrl: initial.baseUrl ?? server.baseUrl, name: initial.name ?? '', supportsImages: initial.supportsImages ?? true, api: initial.api };
    let key = initial.key;
    const posted: HostMessage[] = [];
    const prompts: string[] = [];
    const writes: [string, unknown][] = [];
    let nextUrl: string | undefined;
    const controller = new ModelSetupController({
      settings: () => Settings.parse({ model }),
      apiKey: () => key,
      catalog: new OpenAiModelCatalog({ fetch: initial.fetch }),
      now: Date.now,
      writeModelSetting: async (k, value) => { writes.push([k, value]); (model as Record<string, unknown>)[k] = value; },
      promptApiKey: async () => { prompts.push('key'); key = 'sk-typed'; return true; },
      promptBaseUrl: async (current) => { prompts.push(`url:${current}`); return nextUrl; },
      vscodeModels: () => initial.vscodeModels ?? [],
      log: (message) => assert.fail(message),
    });
    controller.attach((message) => {
      // Everything the controller posts is a valid protocol message.
      assert.ok(HostMessage.safeParse(message).success, JSON.stringify(message));
      posted.push(message);
    });
    const last = <T extends HostMessage['type']>(type: T) => posted.filter((m) => m.type === type).at(-1) as Extract<HostMessage, { type: T }> | undefined;
    return { controller, posted, prompts, writes, model, last, setNextUrl: (url: string | undefined) => { nextUrl = url; } };
  }

  it('answers ready with the endpoint and model, and lets the chat see ready too', () => {
    const h = harness({ name: 'scripted-model' });
    assert.equal(h.controller.handle({ type: 'ready' }), false);
    assert.deepEqual(h.last('modelSetup')?.setup.model, 'scripted-model');
    assert.deepEqual(h.last('modelSetup')?.setup.presets.map((p) => p.name), ['OpenAI', 'Anthropic', 'DeepSeek', 'Kimi (Anthropic API)', 'OpenRouter', 'Ollama', 'LM Studio', 'Custom endpoint']);
    assert.equal(h.controller.handle({ type: 'send', text: 'hi' }), false, 'chat messages are not its business');
  });

  it('lists models for the pickers and switches codeagent.model.name', async () => {
    server.setModels(['b', 'a']);
    const h = harness({ name: 'a' });
    assert.equal(h.controller.handle({ type: 'listModels' }), true);
    await eventually(() => assert.deepEqual(h.last('models'), { type: 'models', baseUrl: server.baseUrl, models: ['a', 'b'] }));
    h.controller.handle({ type: 'chooseModel', name: 'b' });
    await eventually(() => assert.deepEqual(h.writes, [['name', 'b']]));
  });

  it('spec §16: choosing a model or Test connection sets model.supportsImages to what the endpoint\'s model list says', async () => {
    server.setModels(['text-only', 'vision', 'undeclared']);
    server.setModelInputs({ 'text-only': ['text'], vision: ['text', 'image'] });
    const h = harness({ name: 'vision' });
    h.controller.handle({ type: 'chooseModel', name: 'text-only' });
    await eventually(() => assert.deepEqual(h.writes, [['name', 'text-only'], ['supportsImages', false]]));
    h.controller.handle({ type: 'chooseModel', name: 'undeclared' });
    await eventually(() => assert.deepEqual(h.writes.at(-1), ['name', 'undeclared']));
    assert.equal(h.model.supportsImages, false, 'a model whose listing says nothing leaves the setting alone');
    h.controller.handle({ type: 'chooseModel', name: 'vision' });
    await eventually(() => assert.deepEqual(h.writes.slice(-2), [['name', 'vision'], ['supportsImages', true]]));

    const t = harness({ name: 'text-only' });
    t.controller.handle({ type: 'testConnection' });
    await eventually(() => assert.match(t.last('connectionTest')?.message ?? '', /"text-only" is available \(3 models\)\. It takes no images/));
    assert.deepEqual(t.writes, [['supportsImages', false]]);
  });

  it('a listing failure reaches the picker as words, not as an empty list', async () => {
    server.requireApiKey('sk-right');
    const h = harness({ name: 'a', key: 'sk-wrong' });
    h.controller.handle({ type: 'listModels' });
    await eventually(() => assert.match(h.last('models')?.error ?? '', /^Unauthorized \(401\): Incorrect API key provided\./));
  });

  it('a list shown a moment ago comes at once, and the endpoint\'s newer list follows it; the same list is not sent twice', async () => {
    server.setModels(['a']);
    const h = harness({ name: 'a' });
    const listed = () => h.posted.filter((m) => m.type === 'models').map((m) => (m as Extract<HostMessage, { type: 'models' }>).models.join(','));
    h.controller.handle({ type: 'listModels' });
    await eventually(() => assert.deepEqual(listed(), ['a']));
    // A model pulled into the endpoint since: the kept list first, then the endpoint's.
    server.setModels(['a', 'b']);
    h.controller.handle({ type: 'listModels' });
    await eventually(() => assert.deepEqual(listed(), ['a', 'a', 'a,b']));
    // Nothing new: the kept list only (an extra 'a,b' would never let the last list match).
    h.controller.handle({ type: 'listModels' });
    await eventually(() => assert.equal(server.modelListRequests.length, 3));
    server.setModels(['a', 'b', 'c']);
    h.controller.handle({ type: 'listModels' });
    await eventually(() => assert.deepEqual(listed(), ['a', 'a', 'a,b', 'a,b', 'a,b', 'a,b,c']));
    // The endpoint failing behind a shown list leaves it for that opening; an opening with nothing kept says why.
    server.setModelsFault({ kind: 'http', status: 500 });
    await eventually(() => {
      h.controller.handle({ type: 'listModels' });
      assert.match(h.last('models')?.error ?? '', /500/);
    });
    assert.ok(listed().slice(6).every((models) => models === 'a,b,c' || models === ''), listed().join(' | '));
  });

  it('a malformed endpoint URL is named as such, without a request', async () => {
    const h = harness({ baseUrl: 'api.openai.com/v1' });
    h.controller.handle({ type: 'listModels' });
    await eventually(() => assert.match(h.last('models')?.error ?? '', /"api\.openai\.com\/v1" is not a URL.*Did you mean https:\/\/api\.openai\.com\/v1\?/));
    assert.equal(server.modelListRequests.length, 0);
  });

  it('a hosted preset sets the URL, asks for the missing key, then lists models with it', async () => {
    // api.openai.com is played by the scripted server: the SDK's requests are redirected, nothing leaves the machine.
    const redirect: typeof fetch = (url, init) => fetch(String(url).replace('https://api.openai.com/v1', server.baseUrl), init);
    server.requireApiKey('sk-typed');
    server.setModels(['gpt-4.1', 'gpt-4.1-mini']);
    const h = harness({ fetch: redirect });
    h.controller.handle({ type: 'usePreset', presetId: 'openai' });
    await eventually(() => assert.deepEqual(h.last('models'), { type: 'models', baseUrl: 'https://api.openai.com/v1', models: ['gpt-4.1', 'gpt-4.1-mini'] }));
    assert.deepEqual(h.writes, [['baseUrl', 'https://api.openai.com/v1']]);
    assert.deepEqual(h.prompts, ['key']);
  });

  it('the custom preset asks for the URL; cancelling changes nothing', async () => {
    server.setModels(['custom-model']);
    const h = harness({ baseUrl: 'http://localhost:9/v1' });
    h.controller.handle({ type: 'usePreset', presetId: 'custom' });
    await eventually(() => assert.deepEqual(h.prompts, ['url:http://localhost:9/v1']));
    assert.deepEqual(h.writes, []);
    h.setNextUrl(server.baseUrl);
    h.controller.handle({ type: 'usePreset', presetId: 'custom' });
    await eventually(() => assert.deepEqual(h.last('models')?.models, ['custom-model']));
    assert.deepEqual(h.writes, [['baseUrl', server.baseUrl]]);
  });

  it('Test connection posts the classified verdict', async () => {
    const h = harness({ name: 'missing' });
    h.controller.handle({ type: 'testConnection' });
    await eventually(() => assert.equal(h.last('connectionTest')?.status, 'model_not_found'));
    assert.match(h.last('connectionTest')!.message, /does not serve the model "missing"\. Available: scripted-model\./);
  });

  it('issue 30: the setup names the reasoning effort and the levels the model takes; chooseEffort writes model.reasoningEffort', async () => {
    const h = harness({ name: 'deepseek-v4-flash' });
    h.controller.handle({ type: 'ready' });
    assert.equal(h.last('modelSetup')?.setup.reasoningEffort, 'default');
    assert.deepEqual(h.last('modelSetup')?.setup.effortLevels, ['none', 'high', 'max']);
    assert.equal(h.controller.handle({ type: 'chooseEffort', effort: 'max' }), true);
    await eventually(() => assert.deepEqual(h.writes, [['reasoningEffort', 'max']]));
    // The extension refreshes on any codeagent.model change; here by hand.
    h.controller.refresh();
    assert.equal(h.last('modelSetup')?.setup.reasoningEffort, 'max');
    h.controller.handle({ type: 'chooseModel', name: 'gpt-4.1' });
    await eventually(() => assert.deepEqual(h.writes.at(-1), ['name', 'gpt-4.1']));
    h.controller.refresh();
    assert.deepEqual(h.last('modelSetup')?.setup.effortLevels, [], 'a model known not to reason offers no levels');
  });

  it('issue 30: the webview may ask only for a level the setting knows', () => {
    assert.equal(WebviewMessage.safeParse({ type: 'chooseEffort', effort: 'high' }).success, true);
    assert.equal(WebviewMessage.safeParse({ type: 'chooseEffort', effort: 'xhigh' }).success, false);
    assert.equal(WebviewMessage.safeParse({ type: 'chooseEffort' }).success, false);
  });

  it('issue 55: lists VS Code\'s models under their vendor; choosing one sets model.vscodeModel, then model.api to vscode', async () => {
    const h = harness({ name: 'scripted-model', vscodeModels: [copilot] });
    h.controller.handle({ type: 'ready' });
    assert.deepEqual(h.last('modelSetup')?.setup.vscodeModels, [{ id: 'gpt-5.1', vendor: 'copilot', label: 'Copilot · GPT-5.1' }]);
    assert.equal(h.last('modelSetup')?.setup.vscodeModel, undefined);
    assert.equal(h.controller.handle({ type: 'chooseVscodeModel', id: 'gpt-5.1' }), true);
    await eventually(() => assert.deepEqual(h.writes, [['vscodeModel', { vendor: 'copilot', family: 'gpt-5.1', id: 'gpt-5.1' }], ['api', 'vscode']]));
  });

  it('issue 55: while a VS Code model is in use the setup says so without effort levels; an endpoint\'s model chosen then switches back to auto', async () => {
    server.setModels(['scripted-model']);
    const h = harness({ name: 'gpt-5.1', api: 'vscode', vscodeModels: [copilot] });
    h.controller.refresh();
    const setup = h.last('modelSetup')!.setup;
    assert.equal(setup.vscodeModel, 'gpt-5.1');
    assert.equal(setup.provider, 'Copilot · GPT-5.1');
    assert.deepEqual(setup.effortLevels, []);
    h.controller.handle({ type: 'chooseModel', name: 'scripted-model' });
    await eventually(() => assert.deepEqual(h.writes, [['name', 'scripted-model'], ['api', 'auto']]));
  });
});
