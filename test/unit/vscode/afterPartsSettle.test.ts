import { strict as assert } from 'node:assert';
import { Settings } from '../../../src/core/settings';
import { OpenAiModelCatalog } from '../../../src/node/openAiModelCatalog';
import type { WebviewMessage } from '../../../src/protocol/messages';
import { afterPartsSettle } from '../../../src/vscode/afterPartsSettle';
import { ModelSetupController } from '../../../src/vscode/modelSetupController';

/** A chat view's routing (chatWebview.ts): the part takes its messages, the rest go to the chat after its writes. */
function view(options: { failWrite?: boolean } = {}) {
  const model: Record<string, unknown> = { baseUrl: 'http://127.0.0.1:9/v1', name: 'gpt-vscode', api: 'vscode', vscodeModel: { vendor: 'copilot', family: 'gpt', id: 'gpt-vscode' } };
  const gates: Array<() => void> = [];
  const logged: string[] = [];
  const part = new ModelSetupController({
    settings: () => Settings.parse({ model }),
    apiKey: () => undefined,
    // Listing for the image check fails at once (nothing listens on port 9): only the writes are waited for.
    catalog: new OpenAiModelCatalog({ fetch: async () => { throw new Error('offline'); } }),
    now: Date.now,
    writeModelSetting: (key, value) => new Promise<void>((resolve, reject) => {
      gates.push(() => {
        if (options.failWrite) return reject(new Error('settings.json is read-only'));
        model[key] = value;
        resolve();
      });
    }),
    promptApiKey: async () => false,
    promptBaseUrl: async () => undefined,
    vscodeModels: () => [],
    log: (message) => logged.push(message),
  });
  part.attach(() => undefined);
  const chat: Array<{ message: WebviewMessage; api: unknown; name: unknown }> = [];
  const toChat = afterPartsSettle([part], (message: WebviewMessage) => chat.push({ message, api: model.api, name: model.name }), (message) => logged.push(message));
  const post = (message: WebviewMessage) => {
    if (!part.handle(message)) toChat(message);
  };
  // A write starts a microtask after its message: each round lets the next one come, then opens it.
  const openGates = async () => {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      const gate = gates.shift();
      if (!gate) return;
      gate();
    }
  };
  return { post, chat, openGates, logged, part };
}

describe('afterPartsSettle: a Send right after picking a model goes to the picked model', () => {
  it('holds the Send, and what follows it, until both writes of the pick have landed, then hands them over in order', async () => {
    const v = view();
    v.post({ type: 'chooseModel', name: 'scripted-model' });
    v.post({ type: 'send', text: 'What was it before?' });
    v.post({ type: 'stop' });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(v.chat.length, 0, 'nothing reaches the chat while the pick is being written');
    await v.openGates();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(v.chat.map((c) => c.message.type), ['send', 'stop']);
    assert.deepEqual({ api: v.chat[0]!.api, name: v.chat[0]!.name }, { api: 'auto', name: 'scripted-model' }, 'the Send saw the endpoint model, not the VS Code one');
    assert.equal(v.part.pending(), undefined, 'nothing pending once written');
  });

  it('with nothing being written a message reaches the chat at once, in the same turn of the event loop', () => {
    const v = view();
    v.post({ type: 'send', text: 'hi' });
    assert.equal(v.chat.length, 1);
  });

  it('a write that fails still lets the Send through, with the settings as they are', async () => {
    const v = view({ failWrite: true });
    v.post({ type: 'chooseModel', name: 'scripted-model' });
    v.post({ type: 'send', text: 'hi' });
    await v.openGates();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(v.chat.map((c) => [c.message.type, c.api]), [['send', 'vscode']]);
    assert.ok(v.logged.some((line) => /read-only/.test(line)), 'the failure is logged');
  });
});
