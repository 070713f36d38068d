import { strict as assert } from 'node:assert';
import { apiFor, createModelClient, type ModelApi } from '../../../src/node/createModelClient';
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';

/** Spec §3 `model.api`: which API each request speaks. */
describe('createModelClient routing', () => {
  it('auto: the Responses API on api.openai.com and for *-codex models, Chat Completions elsewhere', () => {
    assert.equal(apiFor('auto', 'https://api.openai.com/v1', 'gpt-4.1'), 'responses');
    assert.equal(apiFor('auto', 'https://API.OpenAI.com/v1/', 'o3'), 'responses');
    assert.equal(apiFor('auto', 'https://openrouter.ai/api/v1', 'openai/gpt-5-codex'), 'responses');
    assert.equal(apiFor('auto', 'http://localhost:1234/v1', 'GPT-5.1-Codex-Max'), 'responses');
    assert.equal(apiFor('auto', 'https://openrouter.ai/api/v1', 'openai/gpt-5'), 'chat');
    assert.equal(apiFor('auto', 'https://api.openai.com.evil.example/v1', 'gpt-5'), 'chat');
    assert.equal(apiFor('auto', 'http://localhost:11434/v1', 'qwen3-codexer'), 'chat');
    assert.equal(apiFor('auto', 'not a url', 'gpt-5'), 'chat');
  });

  it('chat and responses are what they say, whatever the endpoint and model', () => {
    assert.equal(apiFor('chat', 'https://api.openai.com/v1', 'gpt-5-codex'), 'chat');
    assert.equal(apiFor('responses', 'http://localhost:1234/v1', 'llama'), 'responses');
  });

  describe('over the scripted server', () => {
    let server: ScriptedModelServer;
    before(async () => { server = await ScriptedModelServer.start(); });
    after(() => server.close());
    beforeEach(() => server.reset());

    async function pathFor(api: ModelApi, model: string): Promise<string> {
      server.enqueue({ text: 'ok' });
      const client = createModelClient({ baseUrl: server.baseUrl, apiKey: undefined, api });
      for await (const _ of client.stream({ model, messages: [{ role: 'user', content: 'hi' }] }, new AbortController().signal)) { /* drain */ }
      return server.requests.at(-1)!.path;
    }

    it('decides per request: a codex model goes to /v1/responses, another to /v1/chat/completions, through one client', async () => {
      assert.equal(await pathFor('auto', 'gpt-5-codex'), '/v1/responses');
      assert.equal(await pathFor('auto', 'scripted-model'), '/v1/chat/completions');
      assert.equal(await pathFor('responses', 'scripted-model'), '/v1/responses');
      assert.equal(await pathFor('chat', 'gpt-5-codex'), '/v1/chat/completions');
    });
  });
});
