import * as assert from 'node:assert/strict';
import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { mergeContentDeltas } from '../../../../src/node/openai/contentDeltaMerge';
import { withEventPieces } from '../../../../src/node/openai/eventPieces';

type Delta = Record<string, unknown>;

function chunk(delta: Delta, extra: { finish?: string; usage?: unknown; id?: string; index?: number; obfuscation?: string } = {}): string {
  const body: Record<string, unknown> = {
    id: extra.id ?? 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'm',
    choices: [{ index: extra.index ?? 0, delta, logprobs: null, finish_reason: extra.finish ?? null }],
  };
  if (extra.usage !== undefined) body.usage = extra.usage;
  if (extra.obfuscation) body.obfuscation = extra.obfuscation;
  return `data: ${JSON.stringify(body)}\n\n`;
}

const events = (piece: string) => piece.split('\n\n').filter(Boolean);
const contentOf = (event: string) => (JSON.parse(event.slice(6)) as ChatCompletionChunk).choices[0]!.delta.content;

describe('mergeContentDeltas: chunks that only add text, joined within a piece that has arrived', () => {
  it('joins a run of text chunks into one with the text of all, escapes and all, the other fields as they came', async () => {
    const texts = ['Hel', 'lo, "wörld"', ' \\ back\nslash', ' \u2028 😀', '\t tab'];
    const piece = texts.map((text) => chunk({ content: text }, { obfuscation: 'same' })).join('');
    const merged = events(mergeContentDeltas(piece));
    assert.equal(merged.length, 1);
    const joined = JSON.parse(merged[0]!.slice(6)) as ChatCompletionChunk & { obfuscation: string };
    assert.deepEqual(joined.choices[0]!.delta, { content: texts.join('') });
    assert.equal(joined.obfuscation, 'same');
    assert.equal(joined.id, 'chatcmpl-1');
    // A role chunk starts its own run: the chunks after it have no role.
    const withRole = events(mergeContentDeltas(chunk({ role: 'assistant', content: 'A' }) + chunk({ content: 'B' }) + chunk({ content: 'C' })));
    assert.deepEqual(withRole.map(contentOf), ['A', 'BC']);
  });

  it('a field that changes from chunk to chunk (OpenAI\'s obfuscation), a decoy "content" before the delta, or a malformed string: nothing joined', () => {
    const changing = ['a1', 'b22', 'c'].map((obfuscation, i) => chunk({ content: `t${i}` }, { obfuscation })).join('');
    assert.equal(mergeContentDeltas(changing), changing);
    const decoy = [0, 1].map((i) => `data: {"note":{"content":"x"},"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"t${i}"}}]}\n\n`).join('');
    assert.equal(mergeContentDeltas(decoy), decoy);
    for (const bad of ['raw\u0001control', 'bad \\x escape']) {
      const good = chunk({ content: 'fine' });
      const broken = good.replace('"fine"', `"${bad}"`);
      assert.deepEqual(events(mergeContentDeltas(good + broken + good)).length, 3, `${JSON.stringify(bad)} stays apart`);
    }
  });

  it('leaves every other event as it came, and joins only the text runs between them', () => {
    const pieces = [
      chunk({ content: 'a' }), chunk({ content: 'b' }),
      chunk({ content: null, reasoning_content: 'thinking' }),
      chunk({ content: 'c' }), chunk({ content: 'd', reasoning_content: 'more' }),
      chunk({ content: 'e' }), chunk({ content: 'f' }, { finish: 'stop' }),
      chunk({ content: 'g' }), chunk({ content: 'h' }, { id: 'chatcmpl-2' }),
      chunk({ content: 'i' }), chunk({ content: 'j' }, { index: 1 }),
      chunk({ content: 'k' }), chunk({ content: '', tool_calls: [{ index: 0, function: { arguments: '{}' } }] }),
      chunk({ content: 'l' }), chunk({ content: 'm' }, { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }),
      chunk({ content: 'n' }), chunk({ role: 'assistant', content: 'o' }),
      ': a comment\n\n', 'event: other\ndata: {"x":1}\n\n', 'data: [DONE]\n\n',
    ];
    const merged = events(mergeContentDeltas(pieces.join('')));
    assert.equal(contentOf(merged[0]!), 'ab');
    assert.deepEqual(merged.slice(1), pieces.slice(2).map((piece) => piece.slice(0, -2)), 'the rest byte for byte');
  });

  it('leaves a piece with CR line ends, or of one event, or not ending an event, untouched', () => {
    const two = chunk({ content: 'a' }) + chunk({ content: 'b' });
    for (const piece of [two.replaceAll('\n', '\r\n'), chunk({ content: 'a' }), two.slice(0, -1)]) assert.equal(mergeContentDeltas(piece), piece);
  });

  it('through the openai SDK: the same text, reasoning, calls, finish and usage as the events one by one, in fewer chunks', async () => {
    const body = [
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: null, reasoning_content: 'Let me think.' }),
      ...Array.from({ length: 300 }, (_, i) => chunk({ content: `word${i} ` })),
      chunk({ content: null, tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'Read', arguments: '{"path":' } }] }),
      chunk({ content: null, tool_calls: [{ index: 0, function: { arguments: '"a.ts"}' } }] }),
      chunk({ content: 'after' }, { finish: 'tool_calls' }),
      chunk({}, { usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 } }).replace('"choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":null}]', '"choices":[]'),
      'data: [DONE]\n\n',
    ].join('');
    const read = async (wrap: boolean) => {
      const bytes = new TextEncoder().encode(body);
      const serve: typeof fetch = async () => new Response(new ReadableStream({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 7000) controller.enqueue(bytes.subarray(at, at + 7000));
          controller.close();
        },
      }), { headers: { 'content-type': 'text/event-stream' } });
      const client = new OpenAI({ apiKey: 'k', baseURL: 'http://localhost/v1', fetch: wrap ? withEventPieces(serve) : serve, maxRetries: 0 });
      const stream = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true });
      const seen = { text: '', reasoning: '', args: '', finish: [] as string[], usage: [] as unknown[], chunks: 0 };
      for await (const part of stream) {
        seen.chunks++;
        const choice = part.choices[0];
        const delta = (choice?.delta ?? {}) as { content?: string | null; reasoning_content?: string | null };
        seen.text += delta.content ?? '';
        seen.reasoning += delta.reasoning_content ?? '';
        seen.args += choice?.delta.tool_calls?.map((call) => call.function?.arguments ?? '').join('') ?? '';
        if (choice?.finish_reason) seen.finish.push(choice.finish_reason);
        if (part.usage) seen.usage.push(part.usage);
      }
      return seen;
    };
    const plain = await read(false);
    const merged = await read(true);
    assert.equal(merged.text, plain.text);
    assert.equal(merged.reasoning, 'Let me think.');
    assert.equal(merged.args, '{"path":"a.ts"}');
    assert.deepEqual(merged.finish, plain.finish);
    assert.deepEqual(merged.usage, plain.usage);
    assert.ok(merged.chunks < plain.chunks / 5, `${merged.chunks} chunks against ${plain.chunks}`);
  });
});
