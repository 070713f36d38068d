// Provider conformance (spec §3, "Real providers differ"): recorded streams of real providers, replayed byte for
// byte through the openai SDK and the agent's step reader, in both wire formats. Sources: test/fixtures/providerStreams/sources.json;
// the table of provider × quirk × test: docs/providers.md.
import { strict as assert } from 'node:assert';
import type { TokenUsage } from '../../../src/core/ports/modelClient';
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { splitEvents } from '../../fixtures/scriptedModel/rawSseReplay';
import { providerStream, replayStep } from '../../support/providerStreams';

interface Expected {
  file: string;
  /** The quirks of spec §3 this recording carries (docs/providers.md lists them per test). */
  quirks: string;
  thinking?: string;
  text?: string;
  refusal?: string;
  toolCalls?: { name: string; params: Record<string, string> }[];
  /** The provider's call ids, kept as the native calls' ids. */
  callIds?: string[];
  /** Absent: the recording reports none. */
  usage?: TokenUsage;
  finish: string;
}

const MINIMAX_TEXT = '<think>\nThe user wants a proof that the sum of two odd numbers is even. I\'ll keep this straightforward and concise.\n</think>\n\n'
  + '**Proof.** An integer is odd iff it equals 2k + 1 for some integer k. An integer is even iff it equals 2m for some integer m.\n\n'
  + 'Let a and b be odd. Then a = 2h + 1 and b = 2k + 1 for some integers h, k.\n\nAdd them:\n\n'
  + '```\na + b = (2h + 1) + (2k + 1)\n      = 2h + 2k + 2\n      = 2(h + k + 1)\n```\n\n'
  + 'Since h + k + 1 is an integer, a + b equals 2 times an integer — by definition, it is even.\n\n∎';

const cases: Expected[] = [
  {
    file: 'mistral-magistral-thinking.sse',
    quirks: 'content as an array of thinking/text parts, then a string; usage on the finish chunk',
    thinking: 'The user is asking for 2+2. This is basic arithmetic. 2+2=4.',
    text: '2 + 2 = 4',
    usage: { inputTokens: 10, outputTokens: 46 },
    finish: 'stop',
  },
  {
    file: 'mistral-small-thinking-mixed.sse',
    quirks: 'string and array content in one stream, a thinking and a text part in one chunk; extra top-level field "p"',
    thinking: 'Okay, the user is asking for the product of 17 and 23. I need to calculate this multiplication, 17 * 23 = 391.',
    text: '391',
    usage: { inputTokens: 28, outputTokens: 139, cachedInputTokens: 0 },
    finish: 'stop',
  },
  {
    file: 'mistral-tool-call.sse',
    quirks: 'tool call without index and without type, whole in one chunk; usage on the finish chunk',
    toolCalls: [{ name: 'weather', params: { location: 'San Francisco' } }],
    usage: { inputTokens: 124, outputTokens: 22 },
    finish: 'tool_calls',
  },
  {
    file: 'openai-refusal.sse',
    quirks: 'refusal deltas (content null); usage-only last chunk with choices: []',
    refusal: "I'm sorry, I can't assist with that request.",
    usage: { inputTokens: 79, outputTokens: 11 },
    finish: 'stop',
  },
  {
    file: 'azure-prompt-filter.sse',
    quirks: "Azure's prompt-filter chunk with choices: []; refusal: null; extra fields (obfuscation, content_filter_results); usage-only last chunk; cached_tokens",
    text: 'Capital of Denmark.',
    usage: { inputTokens: 15, outputTokens: 78, cachedInputTokens: 0 },
    finish: 'stop',
  },
  {
    file: 'alibaba-tool-call.sse',
    quirks: 'tool-call continuations with id "" and no name; a choice without finish_reason; usage-only last chunk',
    toolCalls: [{ name: 'weather', params: { location: 'San Francisco' } }],
    usage: { inputTokens: 295, outputTokens: 22, cachedInputTokens: 0 },
    finish: 'tool_calls',
  },
  {
    file: 'xai-reasoning-tool-call.sse',
    quirks: 'reasoning_content; finish_reason absent until the last chunk; tool call whole in one chunk; extra usage fields; cached_tokens',
    thinking: 'First, the user is',
    toolCalls: [{ name: 'weather', params: { location: 'San Francisco' } }],
    usage: { inputTokens: 291, outputTokens: 26, cachedInputTokens: 290 },
    finish: 'tool_calls',
  },
  {
    file: 'deepseek-reasoning.sse',
    quirks: 'reasoning_content; content null beside it; usage on the finish chunk with cached_tokens and prompt_cache_hit_tokens',
    thinking: 'We need answer simple.',
    text: '”s in **“strawberry”**.',
    usage: { inputTokens: 97, outputTokens: 106, cachedInputTokens: 0 },
    finish: 'stop',
  },
  {
    file: 'groq-reasoning.sse',
    quirks: 'reasoning (Groq); extra top-level x_groq carrying a second copy of usage; usage on the finish chunk',
    thinking: 'Okay, let me try',
    text: '".\n\n**Final Answer**: $\\boxed{3}$',
    usage: { inputTokens: 17, outputTokens: 1107 },
    finish: 'stop',
  },
  {
    file: 'cerebras-reasoning-tool-call.sse',
    quirks: 'reasoning (Cerebras); finish_reason absent until the last chunk; content never sent; extra time_info; usage on the finish chunk; cached_tokens',
    thinking: 'The user is asking about a "magic number". I',
    toolCalls: [{ name: 'nonUsefulTool', params: {} }],
    usage: { inputTokens: 322, outputTokens: 104, cachedInputTokens: 256 },
    finish: 'tool_calls',
  },
  {
    file: 'openai-compatible-tool-call-quirks-synthetic.sse',
    quirks: 'no role at all; arguments key missing at first; id "" and name "" on continuations; finish_reason absent until the last chunk (synthetic)',
    toolCalls: [{ name: 'Read', params: { path: 'src/a.ts' } }],
    usage: { inputTokens: 120, outputTokens: 18 },
    finish: 'tool_calls',
  },
  {
    file: 'deepseek-cache-hit-synthetic.sse',
    quirks: 'cache hit in prompt_cache_hit_tokens only (synthetic)',
    text: 'Hi.',
    usage: { inputTokens: 1200, outputTokens: 2, cachedInputTokens: 1024 },
    finish: 'stop',
  },
  {
    file: 'deepseek-cache-both-fields-synthetic.sse',
    quirks: 'cache hit in both cached_tokens and prompt_cache_hit_tokens, usage repeated on a usage-only chunk: counted once (synthetic)',
    text: 'Hi.',
    usage: { inputTokens: 1200, outputTokens: 2, cachedInputTokens: 1024 },
    finish: 'stop',
  },
  {
    file: 'gemini-compat-signed-parallel.sse',
    quirks: 'Gemini 3 compat: parallel calls whole in separate chunks without index, extra_content on the first only, finish_reason "stop" on a role-only delta, no usage',
    toolCalls: [{ name: 'get_weather', params: { city: 'Seoul' } }, { name: 'get_weather', params: { city: 'Oslo' } }],
    callIds: ['call_272732', 'call_272740'],
    finish: 'stop',
  },
  {
    file: 'gemini-compat-parallel-one-frame.sse',
    quirks: 'Gemini 2.5 compat: two calls in one delta without index, no usage',
    toolCalls: [{ name: 'get_weather', params: { city: 'Seoul' } }, { name: 'get_weather', params: { city: 'Oslo' } }],
    callIds: ['function-call-7026415214984972976', 'function-call-7026415214984972901'],
    finish: 'tool_calls',
  },
  {
    file: 'openrouter-claude-reasoning-details.sse',
    quirks: 'OpenRouter: reasoning beside reasoning_details, a signature-only detail, SSE comment lines, usage on a chunk after the finish',
    thinking: 'This is a simple arithmetic question. 2+2 equals 4.',
    text: '2 + 2 = 4',
    usage: { inputTokens: 43, outputTokens: 36, cachedInputTokens: 0 },
    finish: 'stop',
  },
  {
    file: 'openrouter-gemini3-reasoning-encrypted-tool-call.sse',
    quirks: 'OpenRouter → Gemini 3: a reasoning.encrypted detail keyed by the call id before the call; usage-only last chunk',
    thinking: '**Analyzing the Request**\n\nI\'ve homed in on the user\'s need: weather data for Florence, Italy. My primary action now is identifying a suitable function, which, based on its name, is `weather`. A key parameter, `location`, is also clear. I plan to use the `weather` function with "Florence, Italy" as the location.\n\n\n',
    toolCalls: [{ name: 'weather', params: { location: 'Florence, Italy' } }],
    callIds: ['tool_weather_UjtAnUhPX2w8d0BXNCVK'],
    usage: { inputTokens: 28, outputTokens: 73, cachedInputTokens: 0 },
    finish: 'tool_calls',
  },
  {
    file: 'openrouter-kimi-k25-tool-call.sse',
    quirks: 'OpenRouter → Kimi K2.5: reasoning and reasoning_details (format unknown), Kimi call id "functions.weather:0", two finish chunks',
    thinking: ' The user is asking for',
    toolCalls: [{ name: 'weather', params: { location: 'Florence,Italy' } }],
    callIds: ['functions.weather:0'],
    usage: { inputTokens: 69, outputTokens: 87, cachedInputTokens: 0 },
    finish: 'tool_calls',
  },
  {
    file: 'openrouter-glm5-turbo-tool-call.sse',
    quirks: 'OpenRouter → GLM-5-turbo: reasoning and reasoning_details, the arguments in one delta after the name, cached_tokens',
    thinking: 'The user wants to know',
    toolCalls: [{ name: 'weather', params: { location: 'Florence, Italy' } }],
    callIds: ['call_9400b8b3405c4d74b5b97e12'],
    usage: { inputTokens: 173, outputTokens: 33, cachedInputTokens: 128 },
    finish: 'tool_calls',
  },
  {
    file: 'deepseek-v4-tool-call.sse',
    quirks: 'DeepSeek V4 thinking: reasoning_content then a tool call streamed in pieces; usage on the finish chunk with prompt_cache_hit_tokens',
    thinking: 'The user asks about the weather in San Francisco. I should use the weather tool.',
    toolCalls: [{ name: 'weather', params: { location: 'San Francisco' } }],
    callIds: ['call_00_IhCAliIHtM9gKpgfqbBV9873'],
    usage: { inputTokens: 374, outputTokens: 61, cachedInputTokens: 256 },
    finish: 'tool_calls',
  },
  {
    file: 'minimax-m27-think-in-content.sse',
    quirks: 'MiniMax M2.7: <think> inside content, kept in the text as written; extra delta and top-level fields; no [DONE]',
    text: MINIMAX_TEXT,
    usage: { inputTokens: 767, outputTokens: 172, cachedInputTokens: 443 },
    finish: 'stop',
  },
];

describe('provider conformance: recorded streams through the openai SDK', function () {
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  for (const expected of cases) {
    for (const protocol of ['xml', 'native'] as const) {
      it(`${expected.file} (${protocol}): ${expected.quirks}`, async () => {
        const replayed = await replayStep(server, expected.file, protocol);
        assert.equal(replayed.thinking, expected.thinking ?? '', 'thinking');
        assert.equal(replayed.text, expected.text ?? '', 'answer text');
        assert.equal(replayed.refusal, expected.refusal ?? '', 'refusal');
        // History keeps what the model said: the answer or the refusal, never the thinking.
        assert.equal(replayed.step.text, (expected.text ?? '') + (expected.refusal ?? ''), 'the step text kept in history');
        assert.deepEqual(replayed.step.toolCalls.map((c) => ({ name: c.name, params: c.params, complete: c.complete })),
          (expected.toolCalls ?? []).map((c) => ({ ...c, complete: true })), 'tool calls');
        assert.equal(replayed.step.finish, expected.finish, 'finish reason');
        // One report per response: never NaN, never counted twice.
        // (Absent counts compare equal to undefined ones.)
        if (protocol === 'native' && expected.callIds) assert.deepEqual(replayed.step.toolCalls.map((c) => c.callId), expected.callIds, 'call ids');
        const usages = replayed.usages.map((u) => JSON.parse(JSON.stringify(u)) as TokenUsage);
        assert.deepEqual(usages, expected.usage ? [expected.usage] : [], 'usage reported once');
        for (const value of Object.values(replayed.usages[0] ?? {})) assert.ok(value === undefined || Number.isFinite(value), `usage ${JSON.stringify(replayed.usages[0])}`);
        assert.deepEqual(replayed.step.usage === undefined ? undefined : JSON.parse(JSON.stringify(replayed.step.usage)), expected.usage);
      });
    }
  }
});

describe('the scripted server replays a recording byte for byte', function () {
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start(); });
  after(() => server.close());

  it('sends every recorded byte unchanged, one SSE event per write', async () => {
    const recorded = providerStream('openai-refusal.sse');
    server.enqueue({ rawSse: recorded, delayMs: 1 });
    const response = await fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', stream: true }) });
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(await response.text(), recorded);
    assert.equal(splitEvents(recorded).join(''), recorded);
    assert.equal(splitEvents(recorded).length, 14);
  });
});

describe('provider conformance: Mistral text parts go through the XML stream parser', function () {
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start(); });
  after(() => server.close());

  it('mistral-xml-tool-call-synthetic.sse (xml): a tool call split across text parts and a string is one Read call', async () => {
    const replayed = await replayStep(server, 'mistral-xml-tool-call-synthetic.sse', 'xml');
    assert.equal(replayed.thinking, 'I should read the file.');
    assert.deepEqual(replayed.step.toolCalls.map((c) => [c.name, c.params, c.complete]), [['Read', { path: 'src/a.ts' }, true]]);
    assert.equal(replayed.step.text, 'Reading.\n<Read>\n<path>src/a.ts</path>\n</Read>');
    assert.deepEqual(replayed.usages, [{ inputTokens: 50, outputTokens: 20, cachedInputTokens: undefined }]);
  });
});
