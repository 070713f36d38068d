import '../../../support/useFakeVscode';
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as fake from '../../../support/fakeVscode';
import { copilotGpt, scriptedLanguageModel } from '../../../support/fakeLanguageModels';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';
import { until } from '../../../support/until';
import type { AgentEvent } from '../../../../src/core/events';
import { Settings } from '../../../../src/core/settings';
import { createModelClient } from '../../../../src/node/createModelClient';
import { routedModelClient } from '../../../../src/vscode/lm/modelClientRouter';
import { VscodeLmClient } from '../../../../src/vscode/lm/vscodeLmClient';
import { VscodeModels } from '../../../../src/vscode/lm/vscodeModels';
import { withVscodeModel } from '../../../../src/vscode/lm/vscodeModelSettings';

/**
 * Whole turns of a real AgentSession on a VS Code chat model whose provider answers from the scripted server (as
 * Copilot's answers from its service), then on the endpoint's model after a switch in the middle of the conversation.
 */
describe('issue 55: agent turns on a VS Code chat model', function () {
  this.timeout(20000);
  const scripted = useScriptedWorkspace({ 'a.ts': 'export const a = 1;\n' });
  afterEach(() => fake.setFakeChatModels([]));

  it('a Read, an approved edit and the answer; then the endpoint\'s model takes the same conversation on', async () => {
    fake.setFakeChatModels([scriptedLanguageModel(scripted.server.baseUrl, { ...copilotGpt, maxInputTokens: 64_000 })]);
    const models = new VscodeModels();
    await models.refresh();
    let raw = Settings.parse({ model: { name: 'scripted-model', baseUrl: scripted.server.baseUrl, api: 'vscode', toolProtocol: 'native', vscodeModel: { vendor: 'copilot', family: 'gpt-5.1', id: 'gpt-5.1' } } });
    const settings = withVscodeModel(() => raw, models);
    const model = () => routedModelClient(() => settings().model.api,
      () => createModelClient({ baseUrl: scripted.server.baseUrl, apiKey: undefined, api: settings().model.api }),
      () => new VscodeLmClient({ models, settings, justification: 'test' }));
    const { session, approvals } = scriptedAgentSession(scripted.server, scripted.ws.root, { deps: { model, settings } });
    const events: AgentEvent[] = [];
    const sink = (e: AgentEvent) => {
      events.push(e);
      if (e.type === 'approval' && e.phase === 'request') void until(() => approvals.decide(e.callId, { decision: 'accepted' }));
    };

    scripted.server.enqueue(
      { text: 'Reading it.', toolCalls: [{ id: 'call_r', name: 'Read', arguments: '{"path":"a.ts"}' }], chunkSize: 4 },
      { toolCalls: [{ id: 'call_e', name: 'Edit', arguments: JSON.stringify({ path: 'a.ts', old_string: 'a = 1', new_string: 'a = 2' }) }], chunkSize: 5 },
      { text: 'Done: a is 2.' },
    );
    assert.equal(await session.send('set a to 2', sink), 'answered', JSON.stringify(events.find((e) => e.type === 'error')));
    assert.equal(await fs.readFile(path.join(scripted.ws.root, 'a.ts'), 'utf8'), 'export const a = 2;\n');
    assert.ok(events.some((e) => e.type === 'approval' && e.phase === 'decision' && e.decision === 'accepted'), 'the edit was approved');
    assert.deepEqual(scripted.server.requests.map((r) => r.body.model), ['gpt-5.1', 'gpt-5.1', 'gpt-5.1'], 'the VS Code model answered every step');
    const meter = events.filter((e): e is Extract<AgentEvent, { type: 'contextWindow' }> => e.type === 'contextWindow').at(-1);
    assert.equal(meter?.windowTokens, 64_000, 'maxInputTokens is the context window');
    assert.ok((meter?.usedTokens ?? 0) > 0, 'countTokens fills the meter');

    // The user picks the endpoint's model: the next request goes there, with the whole conversation.
    raw = Settings.parse({ model: { name: 'scripted-model', baseUrl: scripted.server.baseUrl, api: 'auto', toolProtocol: 'native' } });
    scripted.server.enqueue({ text: 'It was 1 before.' });
    assert.equal(await session.send('what was it before?', sink), 'answered');
    const last = scripted.server.requests.at(-1)!.body;
    assert.equal(last.model, 'scripted-model');
    const sent = last.messages as Array<{ role: string; tool_calls?: Array<{ function: { name: string } }>; content: unknown }>;
    assert.deepEqual(sent.flatMap((m) => m.tool_calls?.map((c) => c.function.name) ?? []), ['Read', 'Edit']);
    assert.ok(sent.some((m) => m.role === 'assistant' && m.content === 'Done: a is 2.'));
  });
});
