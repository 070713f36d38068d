import { strict as assert } from 'node:assert';
import * as net from 'node:net';
import { testConnection } from '../../../../src/core/modelSetup/connectionTest';
import { detectLocalServers, localProbeTimeoutMs } from '../../../../src/core/modelSetup/localServers';
import { ModelListCache } from '../../../../src/core/modelSetup/modelListCache';
import { modelPresets, presetForBaseUrl } from '../../../../src/core/modelSetup/presets';
import { OpenAiModelCatalog } from '../../../../src/node/openAiModelCatalog';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('model setup: Test connection over the openai SDK and the scripted server', () => {
  const catalog = new OpenAiModelCatalog();
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start({ models: ['scripted-model'] }); });
  after(() => server.close());
  beforeEach(() => server.reset());

  it('lists the endpoint\'s models, sorted, and finds the configured one', async () => {
    server.setModels(['qwen2.5-coder:14b', 'deepseek-coder', 'llama3.1:8b']);
    const report = await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: undefined, model: 'llama3.1:8b' });
    assert.equal(report.status, 'ok');
    assert.deepEqual(report.models, ['deepseek-coder', 'llama3.1:8b', 'qwen2.5-coder:14b']);
    assert.match(report.message, /"llama3\.1:8b" is available \(3 models\)/);
    assert.equal(server.modelListRequests.length, 1);
    assert.equal(server.requests.length, 0, 'listing models is not a chat request');
  });

  it('reports a model the endpoint does not serve, naming what it does serve', async () => {
    server.setModels(['a-model', 'b-model']);
    const report = await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: undefined, model: 'gpt-5-typo' });
    assert.equal(report.status, 'model_not_found');
    assert.match(report.message, /does not serve the model "gpt-5-typo"\. Available: a-model, b-model\./);
  });

  it('reports 401 with the server\'s words, and that the key is missing or wrong', async () => {
    server.requireApiKey('sk-right');
    const wrong = await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: 'sk-wrong', model: 'scripted-model' });
    assert.equal(wrong.status, 'unauthorized');
    assert.match(wrong.message, /^Unauthorized \(401\): Incorrect API key provided\. The API key was refused/);
    const missing = await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: undefined, model: 'scripted-model' });
    assert.match(missing.message, /needs an API key/);
    const right = await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: 'sk-right', model: 'scripted-model' });
    assert.equal(right.status, 'ok');
    assert.equal(server.modelListRequests.at(-1)!.headers.authorization, 'Bearer sk-right');
  });

  it('reports a refused connection, both on a dead port and when the server stops listening', async () => {
    const dead = await testConnection(catalog, { baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, apiKey: undefined, model: 'm' });
    assert.equal(dead.status, 'refused');
    assert.match(dead.message, /^Connection refused: nothing is listening at 127\.0\.0\.1:\d+\. Is the local server running\?$/);
    await server.refuseConnections();
    try {
      const refused = await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: undefined, model: 'scripted-model' });
      assert.equal(refused.status, 'refused', refused.message);
    } finally {
      await server.acceptConnections();
    }
    assert.equal((await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: undefined, model: 'scripted-model' })).status, 'ok');
  });

  it('reports a bad URL without any request', async () => {
    const report = await testConnection(catalog, { baseUrl: 'localhost:11434/v1', apiKey: undefined, model: 'm' });
    assert.equal(report.status, 'bad_url');
    assert.match(report.message, /"localhost:11434\/v1" uses localhost: — only http:\/\/ and https:\/\/ endpoints are supported\./);
    assert.equal(server.modelListRequests.length, 0);
  });

  it('reports a server that never answers as a timeout, and other statuses with their message', async () => {
    server.setModelsFault({ kind: 'stall' });
    const stalled = await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: undefined, model: 'm', timeoutMs: 300 });
    assert.equal(stalled.status, 'timeout');
    assert.match(stalled.message, /No answer from 127\.0\.0\.1:\d+ in time: no answer within 300 ms\./);
    server.setModelsFault({ kind: 'http', status: 500, message: 'backend exploded' });
    const failed = await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: undefined, model: 'm' });
    assert.deepEqual([failed.status, failed.message.replace(/:\d+/, ':PORT')], ['other', '127.0.0.1:PORT answered 500: backend exploded']);
    server.setModelsFault({ kind: 'http', status: 404, message: 'The model `m` does not exist' });
    assert.equal((await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: undefined, model: 'm' })).status, 'model_not_found');
    server.setModelsFault({ kind: 'http', status: 404, message: 'Not Found' });
    assert.match((await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: undefined, model: 'm' })).message, /has no \/models route \(404\)/);
  });

  it('with no model chosen yet, says how many there are to choose from', async () => {
    server.setModels(['one']);
    const report = await testConnection(catalog, { baseUrl: server.baseUrl, apiKey: undefined, model: '' });
    assert.deepEqual([report.status, report.message], ['ok', `Connected to ${server.baseUrl}: 1 model. Choose one.`]);
  });

  it('detects local servers on their ports in parallel, quickly skipping absent ones', async () => {
    server.setModels(['qwen2.5-coder:7b']);
    const absent = `http://127.0.0.1:${await closedPort()}/v1`;
    const presets = modelPresets.map((preset) => preset.id === 'ollama' ? { ...preset, baseUrl: server.baseUrl } : preset.id === 'lmstudio' ? { ...preset, baseUrl: absent } : preset);
    const started = Date.now();
    const found = await detectLocalServers(catalog, undefined, presets);
    assert.deepEqual(found, [{ presetId: 'ollama', name: 'Ollama', baseUrl: server.baseUrl, models: ['qwen2.5-coder:7b'] }]);
    assert.ok(Date.now() - started < 3 * localProbeTimeoutMs, `took ${Date.now() - started} ms`);
    assert.equal(server.modelListRequests.length, 1, 'only the local presets are probed');
  });

  it('a server that hangs does not hold detection past the probe timeout', async () => {
    server.setModelsFault({ kind: 'stall' });
    const presets = modelPresets.map((preset) => preset.local ? { ...preset, baseUrl: server.baseUrl } : preset);
    const started = Date.now();
    assert.deepEqual(await detectLocalServers(catalog, undefined, presets), []);
    const took = Date.now() - started;
    assert.ok(took >= localProbeTimeoutMs - 50 && took < localProbeTimeoutMs + 1000, `took ${took} ms`);
  });

  it('caches a listing briefly, and never a failure', async () => {
    let now = 0;
    const cache = new ModelListCache(catalog, () => now, 30_000);
    server.setModels(['x']);
    assert.deepEqual(await cache.list(server.baseUrl, undefined), { ok: true, models: ['x'] });
    server.setModels(['x', 'y']);
    assert.deepEqual(await cache.list(server.baseUrl, undefined), { ok: true, models: ['x'] });
    now = 30_000;
    assert.deepEqual(await cache.list(server.baseUrl, undefined), { ok: true, models: ['x', 'y'] });
    server.requireApiKey('k');
    now = 60_000;
    assert.equal((await cache.list(server.baseUrl, undefined)).ok, false);
    server.requireApiKey(undefined);
    assert.equal((await cache.list(server.baseUrl, undefined)).ok, true, 'the failure was not cached');
    assert.equal(server.modelListRequests.length, 3, 'two listings and one after the failure (the 401 itself is not recorded)');
  });

  it('names the preset of a URL', () => {
    assert.equal(presetForBaseUrl('http://127.0.0.1:11434/v1/')?.name, 'Ollama');
    assert.equal(presetForBaseUrl('https://api.deepseek.com')?.id, 'deepseek');
    assert.equal(presetForBaseUrl('http://localhost:8000/v1'), undefined);
  });
});
