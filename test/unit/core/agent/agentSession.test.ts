import { strict as assert } from 'node:assert';
import { AgentSession } from '../../../../src/core/agent/agentSession';
import type { AgentEvent } from '../../../../src/core/events';
import { createIdGenerator } from '../../../../src/core/ids';
import { Settings } from '../../../../src/core/settings';
import { OpenAiModelClient } from '../../../../src/node/openaiModelClient';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { recordingClock } from '../../../support/recordingClock';

describe('AgentSession (plain chat turn)', () => {
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  function session(overrides: Record<string, unknown> = {}) {
    const settings = Settings.parse({ model: { baseUrl: server.baseUrl, name: 'scripted-model', inputPricePerMTok: 2, outputPricePerMTok: 10, ...overrides } });
    return new AgentSession({
      model: () => new OpenAiModelClient({ baseUrl: server.baseUrl, apiKey: undefined }),
      clock: recordingClock(),
      settings: () => settings,
      systemPrompt: () => 'SYSTEM',
      newId: createIdGenerator(() => 0, 't'),
    });
  }

  async function run(s: AgentSession, text: string): Promise<AgentEvent[]> {
    const events: AgentEvent[] = [];
    await s.send(text, (e) => events.push(e));
    return events;
  }

  it('sends system + history + user and streams the answer as text events', async () => {
    server.enqueue({ text: 'First answer', chunkSize: 4, usage: { prompt_tokens: 1000, completion_tokens: 500 } }, { text: 'Second' });
    const s = session();
    const events = await run(s, 'first question');
    assert.deepEqual(events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta), ['Firs', 't an', 'swer']);
    const usage = events.find((e) => e.type === 'tokenUsage') as Extract<AgentEvent, { type: 'tokenUsage' }>;
    assert.equal(usage.cost, (1000 * 2 + 500 * 10) / 1e6);
    assert.deepEqual(events.find((e) => e.type === 'contextWindow'), { type: 'contextWindow', usedTokens: 1500, windowTokens: 200000 });
    assert.deepEqual(events.at(-1), { type: 'turnEnded', turnId: (events[0] as { turnId: string }).turnId, reason: 'answered' });

    await run(s, 'second question');
    assert.deepEqual(server.requests[1]!.body.messages, [
      { role: 'system', content: 'SYSTEM' },
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'First answer' },
      { role: 'user', content: 'second question' },
    ]);
    assert.equal(server.requests[1]!.body.model, 'scripted-model');
    assert.equal(server.requests[1]!.body.max_tokens, 8192);
  });

  it('reports a provider error as an error event and keeps history consistent', async () => {
    server.enqueue({ fault: { kind: 'http', status: 400, message: 'model not found' } }, { text: 'fine now' });
    const s = session();
    const events = await run(s, 'hello');
    const error = events.find((e) => e.type === 'error') as Extract<AgentEvent, { type: 'error' }>;
    assert.match(error.message, /400.*model not found/);
    assert.equal(error.code, 'badRequest');
    assert.equal((events.at(-1) as { reason: string }).reason, 'error');
    assert.deepEqual(s.messages, [{ role: 'user', content: 'hello' }]);
    await run(s, 'again');
    assert.deepEqual(server.requests[1]!.body.messages.slice(1).map((m: { role: string }) => m.role), ['user', 'user']);
  });

  it('cancel mid-stream ends the turn as cancelled and records the partial answer', async () => {
    server.enqueue({ text: 'y'.repeat(300), chunkSize: 3, delayMs: 10 });
    const s = session();
    const events: AgentEvent[] = [];
    const done = s.send('long please', (e) => {
      events.push(e);
      if (e.type === 'text' && events.filter((x) => x.type === 'text').length === 3) s.cancel();
    });
    await done;
    assert.equal((events.at(-1) as { reason: string }).reason, 'cancelled');
    assert.equal(events.some((e) => e.type === 'error'), false);
    assert.equal(s.busy, false);
    assert.match(s.messages[1]!.content, /^y{9}\n\n\[cancelled by the user\]$/);
  });

  it('refuses a second send while a turn runs', async () => {
    server.enqueue({ text: 'slow', chunkSize: 1, delayMs: 30 });
    const s = session();
    const first = s.send('one', () => {});
    await assert.rejects(s.send('two', () => {}), /already running/);
    await first;
  });
});
