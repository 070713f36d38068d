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
  usage: TokenUsage;
  finish: string;
}

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
        const usages = replayed.usages.map((u) => JSON.parse(JSON.stringify(u)) as TokenUsage);
        assert.deepEqual(usages, [expected.usage], 'usage reported once');
        for (const value of Object.values(replayed.usages[0]!)) assert.ok(value === undefined || Number.isFinite(value), `usage ${JSON.stringify(replayed.usages[0])}`);
        assert.deepEqual(JSON.parse(JSON.stringify(replayed.step.usage)), expected.usage);
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
