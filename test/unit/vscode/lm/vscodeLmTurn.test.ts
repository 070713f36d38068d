import '../../../support/useFakeVscode';
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as fake from '../../../support/fakeVscode';
import { copilotGpt, scriptedLanguageModel } from '../../../support/fakeLanguageModels';
import { scriptedAgentSession } from '../../../support/scriptedAgentSession';
import { subagentKit } from '../../core/subagents/subagentTestKit';
import { useScriptedWorkspace } from '../../../support/scriptedWorkspace';
import { until } from '../../../support/until';
import { heldClock } from '../../../support/recordingClock';
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

  /** A real session on a VS Code model of `maxInputTokens` answered by the scripted server; `use` switches settings. */
  function onVscodeModel(maxInputTokens: number, context: Record<string, unknown> = {}) {
    fake.setFakeChatModels([scriptedLanguageModel(scripted.server.baseUrl, { ...copilotGpt, maxInputTokens })]);
    const models = new VscodeModels();
    let raw = Settings.parse({ model: { name: 'scripted-model', baseUrl: scripted.server.baseUrl, api: 'vscode', toolProtocol: 'native', vscodeModel: { vendor: 'copilot', family: 'gpt-5.1', id: 'gpt-5.1' } }, context });
    const settings = withVscodeModel(() => raw, models);
    const model = () => routedModelClient(() => settings().model.api,
      () => createModelClient({ baseUrl: scripted.server.baseUrl, apiKey: undefined, api: settings().model.api }),
      () => new VscodeLmClient({ models, settings, justification: 'test' }));
    const events: AgentEvent[] = [];
    // Time passes only when a test says so: the summary's timeout never ends it.
    const kit = scriptedAgentSession(scripted.server, scripted.ws.root, { deps: { model, settings, clock: heldClock() } });
    return { models, model, kit, events, sink: (e: AgentEvent) => void events.push(e), use: (next: Settings) => void (raw = next) };
  }

  it('a Read, an approved edit and the answer; then the endpoint\'s model takes the same conversation on', async () => {
    const { models, kit: { session, approvals }, events, use } = onVscodeModel(64_000);
    await models.refresh();
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
    use(Settings.parse({ model: { name: 'scripted-model', baseUrl: scripted.server.baseUrl, api: 'auto', toolProtocol: 'native' } }));
    scripted.server.enqueue({ text: 'It was 1 before.' });
    assert.equal(await session.send('what was it before?', sink), 'answered');
    const last = scripted.server.requests.at(-1)!.body;
    assert.equal(last.model, 'scripted-model');
    const sent = last.messages as Array<{ role: string; tool_calls?: Array<{ function: { name: string } }>; content: unknown }>;
    assert.deepEqual(sent.flatMap((m) => m.tool_calls?.map((c) => c.function.name) ?? []), ['Read', 'Edit']);
    assert.ok(sent.some((m) => m.role === 'assistant' && m.content === 'Done: a is 2.'));
  });

  it('a sub-agent (Task) asks the same VS Code model, and its answer comes back to the parent', async () => {
    const { models, model } = onVscodeModel(64_000);
    await models.refresh();
    const kit = subagentKit(scripted.server, scripted.ws, { protocol: 'native', client: model() });
    scripted.server.enqueue(
      { toolCalls: [{ id: 'call_t', name: 'Task', arguments: '{"goal":"find where a is defined","resources":["a.ts"]}' }] },
      { text: 'a is defined in a.ts, line 1.' },
      { text: 'The child says: a.ts, line 1.' },
    );
    const outcome = await kit.runParent('where is a?');
    assert.equal(outcome.end, 'answered', JSON.stringify(kit.events.find((e) => e.type === 'error')));
    assert.deepEqual(scripted.server.requests.map((r) => r.body.model), ['gpt-5.1', 'gpt-5.1', 'gpt-5.1'], 'parent, child, parent: all on the VS Code model');
    assert.match(JSON.stringify(scripted.server.requests[1]!.body.messages), /find where a is defined/, 'the child got the goal');
    assert.match(JSON.stringify(scripted.server.requests[2]!.body.messages), /a is defined in a\.ts, line 1\./, 'the parent got the child\'s answer');
  });

  it('compaction starts at the VS Code model\'s maxInputTokens, and its summary is asked of the same model', async () => {
    const { models, kit, events, sink } = onVscodeModel(1_500, { keepRecentRounds: 1 });
    await models.refresh();
    scripted.server.enqueue(
      { text: 'Reading it.', toolCalls: [{ id: 'call_r', name: 'Read', arguments: '{"path":"a.ts"}' }] },
      { text: 'a is 1. ' + 'More words about a. '.repeat(60) },
    );
    assert.equal(await kit.session.send('what is a?', sink), 'answered', JSON.stringify(events.find((e) => e.type === 'error')));
    scripted.server.enqueue({ text: 'It is 1.' });
    assert.equal(await kit.session.send('sure?', sink), 'answered', 'one round only: nothing to summarise yet');
    assert.ok(!events.some((e) => e.type === 'compaction'));
    scripted.server.enqueue({ text: '<summary>The user asked what a is; it is 1, in a.ts.</summary>' }, { text: 'Still 1.' });
    assert.equal(await kit.session.send('and now?', sink), 'answered', JSON.stringify(events.find((e) => e.type === 'error')));
    assert.ok(events.some((e) => e.type === 'compaction' && e.phase === 'finished'), JSON.stringify(events.filter((e) => e.type === 'compaction' || e.type === 'contextWindow')));
    assert.deepEqual(scripted.server.requests.map((r) => r.body.model), ['gpt-5.1', 'gpt-5.1', 'gpt-5.1', 'gpt-5.1', 'gpt-5.1'], 'the summary and the next step on the VS Code model');
    assert.match(JSON.stringify(scripted.server.requests.at(-1)!.body.messages), /it is 1, in a\.ts/, 'the next step reads the summary');
  });
});
