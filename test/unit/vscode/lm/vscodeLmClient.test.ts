import '../../../support/useFakeVscode';
import { strict as assert } from 'node:assert';
import * as fake from '../../../support/fakeVscode';
import { copilotGpt, partsLanguageModel, scriptedLanguageModel, type FakeLanguageModel } from '../../../support/fakeLanguageModels';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { NativeToolCallAssembler } from '../../../../src/core/parser/nativeToolCallAssembler';
import { ModelError, type ChatMessage, type ModelChunk, type ModelRequest } from '../../../../src/core/ports/modelClient';
import { Settings } from '../../../../src/core/settings';
import { VscodeLmClient } from '../../../../src/vscode/lm/vscodeLmClient';
import { VscodeModels } from '../../../../src/vscode/lm/vscodeModels';
import { withVscodeModel } from '../../../../src/vscode/lm/vscodeModelSettings';

const settings = Settings.parse({ model: { api: 'vscode', vscodeModel: { vendor: 'copilot', family: 'gpt-5.1', id: 'gpt-5.1' } } });

async function clientOver(...models: FakeLanguageModel[]) {
  fake.setFakeChatModels(models);
  const registry = new VscodeModels();
  await registry.refresh();
  const read = withVscodeModel(() => settings, registry);
  return { client: new VscodeLmClient({ models: registry, settings: read, justification: 'why' }), registry, read };
}

async function collect(stream: AsyncIterable<ModelChunk>): Promise<ModelChunk[]> {
  const chunks: ModelChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const request = (messages: ChatMessage[], extra: Partial<ModelRequest> = {}): ModelRequest => ({ model: 'gpt-5.1', messages, ...extra });

describe('issue 55: the model client over vscode.lm', () => {
  afterEach(() => fake.setFakeChatModels([]));

  it('sends LanguageModelChatMessages: system as the first user text, images as data parts, calls and results (an error one too) as their parts', async () => {
    const model = partsLanguageModel(copilotGpt, () => [new fake.LanguageModelTextPart('ok')]);
    const { client } = await clientOver(model);
    const png = { id: 'i', name: 'a.png', mimeType: 'image/png', width: 1, height: 1, bytes: 3, dataUrl: 'data:image/png;base64,AQID' };
    await collect(client.stream(request([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'look', images: [png] },
      { role: 'assistant', content: 'on it', toolCalls: [{ id: 'c1', name: 'Bash', arguments: '{"command":"false"}' }] },
      { role: 'tool', toolCallId: 'c1', content: '[error] exit code 1', images: [png] },
    ], { tools: [{ name: 'Bash', description: 'run', parameters: { type: 'object', properties: { command: { type: 'string' } } } }] }), new AbortController().signal));
    const sent = model.sent[0]!;
    assert.equal(sent.options.justification, 'why');
    assert.deepEqual(sent.options.tools, [{ name: 'Bash', description: 'run', inputSchema: { type: 'object', properties: { command: { type: 'string' } } } }]);
    assert.equal(sent.options.toolMode, fake.LanguageModelChatToolMode.Auto);
    assert.deepEqual(sent.messages.map((m) => m.role), [fake.LanguageModelChatMessageRole.User, fake.LanguageModelChatMessageRole.Assistant, fake.LanguageModelChatMessageRole.User]);
    const [first, assistant, results] = [sent.messages[0]!, sent.messages[1]!, sent.messages[2]!];
    assert.deepEqual(first.content.map((p) => (p as object).constructor.name), ['LanguageModelTextPart', 'LanguageModelTextPart', 'LanguageModelDataPart']);
    const image = first.content[2] as fake.LanguageModelDataPart;
    assert.equal(image.mimeType, 'image/png');
    assert.deepEqual([...image.data], [1, 2, 3]);
    assert.deepEqual(assistant.content, [new fake.LanguageModelTextPart('on it'), new fake.LanguageModelToolCallPart('c1', 'Bash', { command: 'false' })]);
    const result = results.content[0] as fake.LanguageModelToolResultPart;
    assert.ok(result instanceof fake.LanguageModelToolResultPart);
    assert.equal(result.callId, 'c1');
    assert.deepEqual((result.content[0] as fake.LanguageModelTextPart).value, '[error] exit code 1');
    assert.ok(result.content[1] instanceof fake.LanguageModelDataPart);
  });

  it('no tools in the xml protocol; an image for a model that takes none goes as its placeholder', async () => {
    const model = partsLanguageModel({ ...copilotGpt, capabilities: { imageInput: false, toolCalling: false } }, () => []);
    const { client, read } = await clientOver(model);
    assert.equal(read().model.supportsImages, false);
    assert.equal(read().model.toolProtocol, 'xml');
    const png = { id: 'i', name: 'a.png', mimeType: 'image/png', width: 2, height: 1, bytes: 3, dataUrl: 'data:image/png;base64,AQID' };
    await collect(client.stream(request([{ role: 'user', content: 'look', images: [png] }]), new AbortController().signal));
    assert.equal(model.sent[0]!.options.tools, undefined);
    assert.deepEqual(model.sent[0]!.messages[0]!.content, [new fake.LanguageModelTextPart('look'), new fake.LanguageModelTextPart('[image: a.png, 2x1]')]);
  });

  it('streams text and thinking as they come, a tool call as the same delta the other clients emit, usage by countTokens, then the finish', async () => {
    const model = partsLanguageModel(copilotGpt, () => [
      new fake.LanguageModelThinkingPart('think'),
      new fake.LanguageModelTextPart('Read'),
      new fake.LanguageModelTextPart('ing'),
      new fake.LanguageModelToolCallPart('call_1', 'Read', { path: 'a.ts' }),
    ]);
    const { client } = await clientOver(model);
    const chunks = await collect(client.stream(request([{ role: 'user', content: 'read a.ts' }]), new AbortController().signal));
    assert.deepEqual(chunks, [
      { type: 'reasoning', delta: 'think' },
      { type: 'text', delta: 'Read' },
      { type: 'text', delta: 'ing' },
      { type: 'toolCallDelta', index: 0, id: 'call_1', name: 'Read', argumentsDelta: '{"path":"a.ts"}' },
      { type: 'usage', usage: { inputTokens: Math.ceil('read a.ts'.length / 4), outputTokens: Math.ceil('thinkReadingRead{"path":"a.ts"}'.length / 4) } },
      { type: 'finish', reason: 'tool_calls' },
    ]);
    assert.deepEqual(model.counted, ['read a.ts', 'thinkReadingRead{"path":"a.ts"}']);
  });

  it('a tool call whose arguments the provider received in parts arrives whole, and assembles as any native call', async () => {
    const server = await ScriptedModelServer.start();
    try {
      server.enqueue({ text: 'Let me look.', chunkSize: 3, toolCalls: [{ id: 'call_9', name: 'Read', arguments: '{"path":"src/a.ts","limit":20}' }] });
      const { client } = await clientOver(scriptedLanguageModel(server.baseUrl, copilotGpt));
      const chunks = await collect(client.stream(request([{ role: 'user', content: 'hi' }], { tools: [{ name: 'Read', description: 'read', parameters: { type: 'object' } }] }), new AbortController().signal));
      const wire = server.requests[0]!.body;
      assert.equal(wire.tools[0].function.name, 'Read', 'the provider got our tool with its schema');
      assert.equal(chunks.filter((c) => c.type === 'text').map((c) => (c as { delta: string }).delta).join(''), 'Let me look.');
      assert.ok(chunks.filter((c) => c.type === 'text').length > 1, 'text streamed in pieces');
      const assembler = new NativeToolCallAssembler();
      const events = chunks.flatMap((c) => (c.type === 'toolCallDelta' ? assembler.push(c) : []));
      events.push(...assembler.finish());
      const end = events.find((e) => e.type === 'toolCallEnd') as { name: string; params: Record<string, unknown> } | undefined;
      assert.equal(end?.name, 'Read');
      assert.deepEqual(end?.params, { path: 'src/a.ts', limit: '20' }, 'as the assembler gives any native call\'s parameters');
    } finally {
      await server.close();
    }
  });

  it('each LanguageModelError is one clear ModelError; a model gone is NotFound', async () => {
    const model = partsLanguageModel(copilotGpt, () => []);
    const { client, registry } = await clientOver(model);
    model.failNext = fake.LanguageModelError.NoPermissions('The user did not allow');
    await assert.rejects(collect(client.stream(request([{ role: 'user', content: 'hi' }]), new AbortController().signal)),
      (error: unknown) => error instanceof ModelError && error.kind === 'auth' && /did not allow CodeAgent to use Copilot · GPT-5\.1/.test(error.message));
    model.failNext = fake.LanguageModelError.Blocked('Rate limit exceeded');
    await assert.rejects(collect(client.stream(request([{ role: 'user', content: 'hi' }]), new AbortController().signal)),
      (error: unknown) => error instanceof ModelError && error.kind === 'rateLimit');
    fake.setFakeChatModels([]);
    await registry.refresh();
    await assert.rejects(collect(client.stream(request([{ role: 'user', content: 'hi' }]), new AbortController().signal)),
      (error: unknown) => error instanceof ModelError && /no longer offered in VS Code/.test(error.message));
  });

  it('Stop cancels the request\'s token and ends as cancelled', async () => {
    let release: () => void = () => {};
    const model = partsLanguageModel(copilotGpt, () => []);
    Object.assign(model, { sendRequest: async (_m: unknown, _o: unknown, token: { onCancellationRequested(l: () => void): { dispose(): void }; isCancellationRequested: boolean }) => {
      model.sent.push({ messages: [], options: {}, token });
      return { stream: (async function* () {
        yield new fake.LanguageModelTextPart('partial');
        await new Promise<void>((resolve) => { release = resolve; token.onCancellationRequested(resolve); });
        if (token.isCancellationRequested) throw new fake.CancellationError();
      })() };
    } });
    const { client } = await clientOver(model);
    const abort = new AbortController();
    const seen: ModelChunk[] = [];
    const done = (async () => {
      for await (const chunk of client.stream(request([{ role: 'user', content: 'hi' }]), abort.signal)) {
        seen.push(chunk);
        abort.abort();
      }
    })();
    await assert.rejects(done, (error: unknown) => error instanceof ModelError && error.kind === 'cancelled');
    release();
    assert.equal(model.sent[0]!.token?.isCancellationRequested, true);
    assert.deepEqual(seen, [{ type: 'text', delta: 'partial' }]);
  });

  it('lists the models under their vendor and again when VS Code\'s change', async () => {
    const { registry } = await clientOver(partsLanguageModel(copilotGpt, () => []));
    const stop = registry.watch();
    let changes = 0;
    registry.onDidChange(() => changes++);
    assert.deepEqual(registry.list().map((m) => m.label), ['Copilot · GPT-5.1']);
    fake.setFakeChatModels([partsLanguageModel(copilotGpt, () => []), partsLanguageModel({ ...copilotGpt, id: 'claude', vendor: 'acme', name: 'Claude' }, () => [])]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(registry.list().map((m) => m.label), ['Copilot · GPT-5.1', 'Acme · Claude']);
    assert.ok(changes >= 1);
    stop.dispose();
  });
});
