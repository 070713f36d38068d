// What goes back (spec §3): after each real recording, the next request of the step loop (the tool results, or the
// user's next message) is built by the agent's own functions and sent through OpenAiModelClient to the scripted
// server playing that provider's rules (test/fixtures/scriptedModel/providerRules.ts). The provider accepts it, and
// what the provider streamed comes back verbatim. Recordings: test/fixtures/providerStreams/sources.json.
import { strict as assert } from 'node:assert';
import { assistantStepMessage, toolResultMessage } from '../../../src/core/agent/turnMessages';
import type { ChatMessage } from '../../../src/core/ports/modelClient';
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { readStep, replayStep } from '../../support/providerStreams';

type Wire = Record<string, unknown> & { role: string; tool_calls?: Array<Record<string, unknown> & { id: string }>; tool_call_id?: string };

interface RoundTrip {
  file: string;
  /** Chosen so the scripted server plays that provider's rule. */
  model: string;
  /** The assistant message as it must reach the provider again: these fields, verbatim. */
  sentBack: Record<string, unknown>;
  /** Each call's fields beside id/type/function, in order; absent: none. */
  callExtras?: Array<Record<string, unknown> | undefined>;
  /** The client does not yet send it back verbatim: the test is skipped and names the gap. */
}

const geminiDetails = [
  { type: 'reasoning.text', text: '**Analyzing the Request**\n\nI\'ve homed in on the user\'s need: weather data for Florence, Italy. My primary action now is identifying a suitable function, which, based on its name, is `weather`. A key parameter, `location`, is also clear. I plan to use the `weather` function with "Florence, Italy" as the location.\n\n\n', format: 'google-gemini-v1', index: 0 },
  { type: 'reasoning.encrypted', data: 'CiQBjz1rXy/d6pcsxX2eeGAFJcWLwFKD8Fq7tzM4znpEy3uK6hkKcAGPPWtfdI2OUC5gBrFwuxgrbLbk84CqxKEqAPN0KZYOWFW3qoz1mSztFR+VVmJ4sdMXeAd0F5mAxvMcYzOGdgfmxAnygICxzhVEhnMiG2s+kCdESJ9gfqxZsDvVMS+HZq8hpfrjvwd7c/AYVxjdOYUKggEBjz1rXzlW5UTYY0QFoD2RsMgcdZ6TA3RCMoaED8q41ltANatdDbKN5OFS82APPTPbqvLl/3HrMh5zqIkZWzhLbDrR+jDznhGoWxgoobAk2HRV6cHyi35TMSvIziLWiGq2u9Etp1Uai2IVTDCmjiEsugdu156W4MXitiaGzPr8EhMpCooBAY89a1/mr6bY7W14FUhSese7Cw9/SlEuV2fcfx4xdINH6j7eP0PVqD295H01svPNvrIiFNY9/VA4/wR7StYvBt0GtTk3a7ScA+ZPydvE5E5QM0aUGvX6NGkAka1T55vwWFbnZKwy/vvxq9kZVUsWkIfvThQS1XIlZ5g9g/fOrQbo/Q0lqhka2MCc', format: 'google-gemini-v1', id: 'tool_weather_UjtAnUhPX2w8d0BXNCVK', index: 0 },
];

const toolSteps: RoundTrip[] = [
  {
    file: 'deepseek-v4-tool-call.sse',
    model: 'deepseek-v4-flash',
    sentBack: { reasoning_content: 'The user asks about the weather in San Francisco. I should use the weather tool.' },
  },
  {
    file: 'gemini-compat-signed-parallel.sse',
    model: 'gemini-3.1-flash-lite',
    sentBack: {},
    callExtras: [{ extra_content: { google: { thought_signature: 'EnEKbwERTTIP0Zk3tjLvi9mRksxP' } } }, undefined],
  },
  {
    file: 'openrouter-kimi-k25-tool-call.sse',
    model: 'moonshotai/kimi-k2.5',
    sentBack: { reasoning: ' The user is asking for', reasoning_details: [{ type: 'reasoning.text', text: ' The user is asking for', format: 'unknown', index: 0 }] },
  },
  {
    file: 'openrouter-gemini3-reasoning-encrypted-tool-call.sse',
    model: 'google/gemini-3-pro-preview',
    sentBack: { reasoning: geminiDetails[0]!.text, reasoning_details: geminiDetails },
    // fantasy's cassette shows OpenRouter accepting these two details back as two, as streamed.
  },
  {
    file: 'openrouter-glm5-turbo-tool-call.sse',
    model: 'z-ai/glm-5-turbo',
    sentBack: { reasoning: 'The user wants to know', reasoning_details: [{ type: 'reasoning.text', text: 'The user wants to know', format: 'unknown', index: 0 }] },
  },
  {
    file: 'mistral-tool-call.sse',
    model: 'mistral-small-latest',
    sentBack: {},
  },
];

describe('provider round trip: the step after a real recording goes back as its provider requires', function () {
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  /** The recording, then the next request as the agent builds it; returns what the provider received second. */
  async function roundTrip(file: string, model: string, after: (assistant: ChatMessage, calls: ChatMessage[]) => ChatMessage[]): Promise<Wire[]> {
    const first = await replayStep(server, file, 'native', model);
    const assistant = assistantStepMessage('native', first.step.text, first.step.toolCalls, true, first.step.echo);
    const results = first.step.toolCalls.map((call) => toolResultMessage('native', call, 'success', '21 C'));
    server.enqueue({ text: 'Done.' });
    const second = await readStep(server, { model, messages: [{ role: 'user', content: 'hi' }, ...after(assistant, results)] }, 'native');
    assert.equal(second.text, 'Done.', 'the provider accepted the second request');
    return server.requests[1]!.body.messages as Wire[];
  }

  for (const trip of toolSteps) {
    it(`${trip.file} → ${trip.model}: the tool results' request is accepted and carries what was streamed`, async () => {
      const sent = await roundTrip(trip.file, trip.model, (assistant, results) => [assistant, ...results]);
      const assistant = sent.find((m) => m.role === 'assistant')!;
      for (const [field, value] of Object.entries(trip.sentBack)) assert.deepEqual(assistant[field], value, field);
      const extras = (assistant.tool_calls ?? []).map(({ id: _id, type: _type, function: _fn, ...rest }) => (Object.keys(rest).length ? rest : undefined));
      assert.deepEqual(extras, trip.callExtras ?? extras.map(() => undefined), 'the calls\' own fields');
      const ids = (assistant.tool_calls ?? []).map((call) => call.id);
      assert.deepEqual(sent.filter((m) => m.role === 'tool').map((m) => m.tool_call_id), ids, 'each result answers its call');
    });
  }

  it('openrouter-claude-reasoning-details.sse: the next user message\'s request carries the merged details with their signature', async () => {
    const sent = await roundTrip('openrouter-claude-reasoning-details.sse', 'anthropic/claude-sonnet-4.5', (assistant) => [assistant, { role: 'user', content: 'And 3+3?' }]);
    const assistant = sent.find((m) => m.role === 'assistant')!;
    assert.equal(assistant.content, '2 + 2 = 4');
    assert.equal(assistant.reasoning, 'This is a simple arithmetic question. 2+2 equals 4.');
    assert.deepEqual(assistant.reasoning_details, [{
      type: 'reasoning.text', text: 'This is a simple arithmetic question. 2+2 equals 4.', format: 'anthropic-claude-v1', index: 0,
      signature: 'Et0BCkgIChACGAIqQA2s7h7tA7IG35fbwVkou9PM2hANVJNUwcEM4q12fTRDK6y3v6YoEvJ+7bko8wnW/GLsQFXadaJPAEMCpLkhI9ISDLjFkeR1aVUIvdCtyBoMrUTovh0jwk+wpnZWIjANV3e6VVdgbGSsEyyTHO6KMmVtqqs79f9blnVdJmmMIwMyTi6bEtG59+jTU7v1zlsqQ2IKGZILOlr6adh0Aam7zYttvisys+wjyZZXU1y/Srz0nmp1cFgVOJe1BLKQI3SSRrjsqQC0uAEUZy0GX0Rq1AXjvIcYAQ==',
    }]);
  });

  it('minimax-m27-think-in-content.sse: the answer goes back with its <think> block as written', async () => {
    const sent = await roundTrip('minimax-m27-think-in-content.sse', 'MiniMax-M2.7', (assistant) => [assistant, { role: 'user', content: 'Thanks.' }]);
    const content = String(sent.find((m) => m.role === 'assistant')!.content);
    assert.ok(content.startsWith('<think>\nThe user wants a proof'), content.slice(0, 40));
    assert.ok(content.endsWith('by definition, it is even.\n\n∎'));
  });

  it('a Kimi call id (functions.weather:0) sent on to a Mistral model is rewritten to 9 characters, the same in call and result', async () => {
    const sent = await roundTrip('openrouter-kimi-k25-tool-call.sse', 'mistral-large-latest', (assistant, results) => [assistant, ...results]);
    const id = sent.find((m) => m.role === 'assistant')!.tool_calls![0]!.id;
    assert.match(id, /^[a-zA-Z0-9]{9}$/);
    assert.equal(sent.find((m) => m.role === 'tool')!.tool_call_id, id);
  });
});
