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

  it('auto: the Messages API on api.anthropic.com and on base URLs whose path ends in /anthropic, with or without /v1', () => {
    assert.equal(apiFor('auto', 'https://api.anthropic.com', 'claude-sonnet-4-6'), 'messages');
    assert.equal(apiFor('auto', 'https://api.anthropic.com/v1/', 'claude-sonnet-4-6'), 'messages');
    for (const base of ['https://api.deepseek.com/anthropic', 'https://api.moonshot.ai/anthropic/', 'https://open.bigmodel.cn/api/anthropic', 'https://api.minimax.io/anthropic/v1']) {
      assert.equal(apiFor('auto', base, 'any-model'), 'messages', base);
    }
    assert.equal(apiFor('auto', 'https://api.deepseek.com', 'deepseek-v4-flash'), 'chat');
    assert.equal(apiFor('auto', 'https://example.com/anthropic-proxy/v1', 'claude-x'), 'chat');
    assert.equal(apiFor('auto', 'https://api.anthropic.com.evil.example/v1', 'claude-x'), 'chat');
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
      assert.equal(await pathFor('messages', 'claude-sonnet-4-6'), '/v1/messages');
    });

    it('the Messages API\'s key: the one handed for `messages`, as x-api-key and (for an endpoint not Anthropic\'s) as a bearer token', async () => {
      server.enqueue({ text: 'ok' });
      const client = createModelClient({ baseUrl: server.baseUrl, apiKey: (api) => (api === 'messages' ? 'sk-ant-k' : 'sk-openai'), api: 'messages' });
      for await (const _ of client.stream({ model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: 'hi' }] }, new AbortController().signal)) { /* drain */ }
      assert.equal(server.requests.at(-1)!.headers['x-api-key'], 'sk-ant-k');
      assert.equal(server.requests.at(-1)!.headers.authorization, 'Bearer sk-ant-k');
    });
  });
});
