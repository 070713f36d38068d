import { strict as assert } from 'node:assert';
import { lmMessagesOf, parsedArguments } from '../../../../src/core/lmChat/lmMessages';
import { LmResponseChunks } from '../../../../src/core/lmChat/lmResponseChunks';
import { lmModelError } from '../../../../src/core/lmChat/lmErrors';
import { vscodeModelSettings } from '../../../../src/core/lmChat/lmSettings';
import type { ChatMessage, ImageAttachment } from '../../../../src/core/ports/modelClient';
import { Settings } from '../../../../src/core/settings';

const png: ImageAttachment = { id: 'i1', name: 'shot.png', mimeType: 'image/png', width: 4, height: 3, bytes: 3, dataUrl: 'data:image/png;base64,AQID' };

describe('issue 55: the conversation in the plain shape of VS Code\'s language-model API', () => {
  it('system text goes as the first user text (the API has no system role), and a run of one role is one message', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are CodeAgent.' },
      { role: 'user', content: 'Read a.ts' },
      { role: 'assistant', content: 'Reading.' },
    ];
    assert.deepEqual(lmMessagesOf(messages, { images: true }), [
      { role: 'user', parts: [{ kind: 'text', text: 'You are CodeAgent.' }, { kind: 'text', text: 'Read a.ts' }] },
      { role: 'assistant', parts: [{ kind: 'text', text: 'Reading.' }] },
    ]);
  });

  it('tool calls with their arguments as objects; their results, an error among them, open the next user message, before a reminder', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'Read', arguments: '{"path":"a.ts"}' }, { id: 'c2', name: 'Bash', arguments: '{"command":"false"}' }] },
      { role: 'tool', toolCallId: 'c1', content: '[success] a.ts: 1 line' },
      { role: 'tool', toolCallId: 'c2', content: '[error] exit code 1' },
      { role: 'user', content: '<system-reminder>todo</system-reminder>' },
    ];
    assert.deepEqual(lmMessagesOf(messages, { images: true }).slice(1), [
      { role: 'assistant', parts: [
        { kind: 'toolCall', callId: 'c1', name: 'Read', input: { path: 'a.ts' } },
        { kind: 'toolCall', callId: 'c2', name: 'Bash', input: { command: 'false' } },
      ] },
      { role: 'user', parts: [
        { kind: 'toolResult', callId: 'c1', content: [{ kind: 'text', text: '[success] a.ts: 1 line' }] },
        { kind: 'toolResult', callId: 'c2', content: [{ kind: 'text', text: '[error] exit code 1' }] },
        { kind: 'text', text: '<system-reminder>todo</system-reminder>' },
      ] },
    ]);
  });

  it('images as image parts (a tool\'s inside its result) when the model takes them, else their placeholders', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'look', images: [png] },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'Read', arguments: '{"path":"shot.png"}' }] },
      { role: 'tool', toolCallId: 'c1', content: 'the image follows', images: [png] },
    ];
    const image = { kind: 'image', mimeType: 'image/png', dataUrl: png.dataUrl };
    const taken = lmMessagesOf(messages, { images: true });
    assert.deepEqual(taken[0]!.parts, [{ kind: 'text', text: 'look' }, image]);
    assert.deepEqual(taken[2]!.parts, [{ kind: 'toolResult', callId: 'c1', content: [{ kind: 'text', text: 'the image follows' }, image] }]);
    const described = lmMessagesOf(messages, { images: false });
    assert.deepEqual(described[0]!.parts, [{ kind: 'text', text: 'look' }, { kind: 'text', text: '[image: shot.png, 4x3]' }]);
  });

  it('arguments that are not a JSON object go as {}', () => {
    assert.deepEqual(parsedArguments('{"a":1}'), { a: 1 });
    assert.deepEqual(parsedArguments('[1]'), {});
    assert.deepEqual(parsedArguments('{"a":'), {});
    assert.deepEqual(parsedArguments(''), {});
  });

  it('response parts: text and thinking as they come, each whole tool call one delta, then the finish reason', () => {
    const reader = new LmResponseChunks();
    assert.deepEqual(reader.chunksOf({ kind: 'thinking', value: 'hmm' }), [{ type: 'reasoning', delta: 'hmm' }]);
    assert.deepEqual(reader.chunksOf({ kind: 'text', value: 'Reading' }), [{ type: 'text', delta: 'Reading' }]);
    assert.deepEqual(reader.chunksOf({ kind: 'text', value: '' }), []);
    assert.deepEqual(reader.chunksOf({ kind: 'toolCall', callId: 'x', name: 'Read', input: { path: 'a.ts' } }), [
      { type: 'toolCallDelta', index: 0, id: 'x', name: 'Read', argumentsDelta: '{"path":"a.ts"}' },
    ]);
    assert.equal(reader.chunksOf({ kind: 'toolCall', callId: 'y', name: 'Glob', input: {} })[0]!.type, 'toolCallDelta');
    assert.equal(reader.finishReason(), 'tool_calls');
    assert.equal(new LmResponseChunks().finishReason(), 'stop');
  });

  it('each error VS Code raises is one line that says what to do, never a stack', () => {
    const model = 'Copilot · GPT-5.1';
    const cases: Array<[string, string, string, RegExp]> = [
      ['NoPermissions', 'denied', 'auth', /did not allow CodeAgent to use Copilot · GPT-5\.1.*Allow/],
      ['NotFound', '', 'badRequest', /no longer offered in VS Code.*model picker/],
      ['Blocked', 'Too many requests\n    at x (y.js:1:1)', 'rateLimit', /rate limited by its provider \(Too many requests\)/],
      ['', 'You have exceeded your premium requests quota', 'badRequest', /quota is used up/],
      ['Blocked', 'blocked by policy', 'badRequest', /VS Code blocked the request/],
      ['', 'Error: socket hang up\n    at Socket.x (net.js:1:1)', 'unknown', /Copilot · GPT-5\.1 failed: Error: socket hang up$/],
    ];
    for (const [code, message, kind, text] of cases) {
      const error = lmModelError({ code, message, model });
      assert.equal(error.kind, kind, `${code} ${message}`);
      assert.match(error.message, text);
      assert.doesNotMatch(error.message, /\n|\bat .*:\d+:\d+/);
    }
  });

  it('a chosen VS Code model: its maxInputTokens is the context window, its capabilities decide images and tools, no prices', () => {
    const settings = Settings.parse({ model: { api: 'vscode', vscodeModel: { vendor: 'copilot', family: 'gpt-5.1', id: 'gpt-5.1' }, name: 'deepseek-v4-flash', inputPricePerMTok: 1, reasoningEffort: 'high' } });
    const made = vscodeModelSettings(settings, { id: 'gpt-5.1', maxInputTokens: 128_000, images: false, tools: false });
    assert.equal(made.model.name, 'gpt-5.1');
    assert.equal(made.model.contextWindow, 128_000);
    assert.equal(made.model.supportsImages, false);
    assert.equal(made.model.toolProtocol, 'xml');
    assert.equal(made.model.reasoningEffort, 'default');
    assert.equal(made.model.inputPricePerMTok, 0);
    const endpoint = Settings.parse({ model: { name: 'deepseek-v4-flash' } });
    assert.equal(vscodeModelSettings(endpoint, undefined), endpoint);
  });
});
