import { strict as assert } from 'node:assert';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { maxCacheMarks, withCacheMarks } from '../../../../src/node/openai/cacheMarks';

const mark = { type: 'ephemeral' };
const countMarks = (messages: ChatCompletionMessageParam[]) => JSON.stringify(messages).split('"cache_control"').length - 1;
/** Where the marks are: `index:part` for each marked part. */
const marksOf = (messages: ChatCompletionMessageParam[]) => messages.flatMap((message, index) =>
  Array.isArray(message.content) ? (message.content as { cache_control?: unknown }[]).flatMap((part, p) => (part.cache_control ? [`${index}:${p}`] : [])) : []);

const conversation = (): ChatCompletionMessageParam[] => [
  { role: 'system', content: 'You are CodeAgent.' },
  { role: 'user', content: 'Fix the bug.' },
  { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'Read', arguments: '{"path":"a.ts"}' } }] },
  { role: 'tool', tool_call_id: 'c1', content: 'export const a = 1;' },
  { role: 'assistant', content: 'Done.' },
  { role: 'user', content: 'Thanks, now the tests.' },
];

describe('withCacheMarks: Claude\'s prompt cache asked for (issue 30 item 6)', () => {
  it('marks the system prompt and the last two user or tool messages, as one text part each', () => {
    const input = conversation();
    const before = JSON.stringify(input);
    const marked = withCacheMarks('claude-sonnet-4-5', input);
    assert.deepEqual(marksOf(marked), ['0:0', '3:0', '5:0']);
    assert.deepEqual(marked[0], { role: 'system', content: [{ type: 'text', text: 'You are CodeAgent.', cache_control: mark }] });
    assert.deepEqual(marked[3], { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'export const a = 1;', cache_control: mark }] });
    assert.deepEqual(marked[1], input[1], 'an earlier user message stays as it was');
    assert.deepEqual(marked[2], input[2], 'assistant messages are never marked');
    assert.equal(JSON.stringify(input), before, 'the caller\'s messages are not changed');
  });

  it('OpenRouter\'s anthropic/… ids are Claude too; other models get the very same array', () => {
    assert.equal(countMarks(withCacheMarks('anthropic/claude-opus-4.1', conversation())), 3);
    assert.equal(countMarks(withCacheMarks('Claude-3-7-Sonnet', conversation())), 3);
    for (const model of ['gpt-5.1', 'deepseek-v4-flash', 'google/gemini-2.5-pro', 'qwen3:14b']) {
      const input = conversation();
      assert.equal(withCacheMarks(model, input), input, model);
    }
  });

  it('never more than 4 marks, whatever the length, and marks already there count', () => {
    const long: ChatCompletionMessageParam[] = [{ role: 'system', content: 'S' }];
    for (let i = 0; i < 40; i++) long.push({ role: 'user', content: `u${i}` }, { role: 'assistant', content: `a${i}` });
    assert.equal(countMarks(withCacheMarks('claude-sonnet-4-5', long)), 3);

    const premarked: ChatCompletionMessageParam[] = [
      { role: 'system', content: [{ type: 'text', text: 'S1', cache_control: mark }, { type: 'text', text: 'S2', cache_control: mark }] as never },
      { role: 'user', content: [{ type: 'text', text: 'earlier', cache_control: mark }] as never },
      { role: 'user', content: 'second to last' },
      { role: 'user', content: 'last' },
    ];
    const marked = withCacheMarks('claude-sonnet-4-5', premarked);
    assert.equal(countMarks(marked), maxCacheMarks);
    assert.deepEqual(marksOf(marked), ['0:0', '0:1', '1:0', '3:0'], 'the one mark left goes to the newest message');
    const full = [...marked, { role: 'user', content: 'more' } as ChatCompletionMessageParam];
    assert.equal(withCacheMarks('claude-sonnet-4-5', full), full, 'no budget left: unchanged');
  });

  it('never on an empty text: an empty message is passed over for the one before it', () => {
    const marked = withCacheMarks('claude-sonnet-4-5', [
      { role: 'system', content: '  ' },
      { role: 'user', content: 'first' },
      { role: 'user', content: 'second' },
      { role: 'tool', tool_call_id: 'c', content: '' },
      { role: 'user', content: [{ type: 'text', text: 'x' }, { type: 'text', text: '' }] },
    ]);
    assert.deepEqual(marksOf(marked), ['2:0', '4:0']);
    assert.equal(marked[0]!.content, '  ');
    assert.equal(marked[3]!.content, '');
  });

  it('a user message with images keeps its image parts; the text part carries the mark', () => {
    const image = { type: 'image_url' as const, image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } };
    const marked = withCacheMarks('claude-sonnet-4-5', [
      { role: 'system', content: 'S' },
      { role: 'user', content: [{ type: 'text', text: 'What is on this screenshot?' }, image] },
      { role: 'user', content: [image] },
    ]);
    assert.deepEqual(marked[1]!.content, [{ type: 'text', text: 'What is on this screenshot?', cache_control: mark }, image]);
    assert.deepEqual(marked[2]!.content, [image], 'an image alone has no text to mark');
    assert.equal(countMarks(marked), 2);
  });
});
