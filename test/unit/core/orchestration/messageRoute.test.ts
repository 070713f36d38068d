import { strict as assert } from 'node:assert';
import type { AgentDefinition } from '../../../../src/core/agents/agentDefinition';
import { AgentCatalog } from '../../../../src/core/orchestration/agentCatalog';
import { suggestAgents } from '../../../../src/core/orchestration/agentSuggestions';
import { routeMessage, type RouteContext } from '../../../../src/core/orchestration/messageRoute';
import { Settings } from '../../../../src/core/settings';

const agent = (name: string, contextMode?: 'shared' | 'isolated'): AgentDefinition => ({
  name, description: `${name} agent`, contextMode, tools: {}, systemPrompt: `You are ${name}.`, source: { path: `.codeagent/agents/${name}.md`, origin: 'project' },
});

async function context(settings: Record<string, unknown> = {}): Promise<RouteContext> {
  const catalog = new AgentCatalog(async () => ({ agents: [agent('reviewer', 'shared'), agent('tester', 'isolated'), agent('plain')], problems: [] }));
  await catalog.reload();
  return { catalog, settings: Settings.parse(settings), sessionModes: new Map(), historyLength: () => 0 };
}

describe('routeMessage', () => {
  it('a normal message follows the Plan mode setting; /plan forces plan mode for one message', async () => {
    assert.deepEqual(routeMessage('fix the bug', await context()), { kind: 'turn', text: 'fix the bug', planMode: false });
    assert.deepEqual(routeMessage('fix the bug', await context({ agent: { planMode: true } })), { kind: 'turn', text: 'fix the bug', planMode: true });
    assert.deepEqual(routeMessage('/plan Write a snake game', await context()), { kind: 'turn', text: 'Write a snake game', planMode: true });
    assert.equal(routeMessage('/plan', await context()).kind, 'notice');
  });

  it('context mode: flag > conversation > agent file > setting > isolated', async () => {
    const mode = (text: string, ctx: RouteContext) => {
      const route = routeMessage(text, ctx);
      assert.equal(route.kind, 'turn');
      return route.kind === 'turn' ? route.agent?.mode : undefined;
    };
    const ctx = await context();
    assert.equal(mode('@reviewer look', ctx), 'shared', 'the agent file');
    assert.equal(mode('@reviewer --isolated look', ctx), 'isolated', 'the flag beats the file');
    assert.equal(mode('@plain look', ctx), 'isolated', 'the default');
    assert.equal(mode('@plain look', await context({ agents: { defaultContextMode: 'shared' } })), 'shared', 'the setting');
    routeMessage('/agents context plain --mode shared', ctx);
    assert.equal(mode('@plain look', ctx), 'shared', 'the conversation choice beats the setting');
    assert.equal(mode('/agents run tester write tests --context shared', ctx), 'shared');
  });

  it('allowSharedContext=false forces isolated, even over a flag', async () => {
    const ctx = await context({ agents: { allowSharedContext: false } });
    const route = routeMessage('@reviewer --shared look', ctx);
    assert.ok(route.kind === 'turn' && route.agent?.mode === 'isolated');
  });

  it('a named agent runs without plan mode, and unknown names stay plain text', async () => {
    const route = routeMessage('@tester write tests', await context({ agent: { planMode: true } }));
    assert.ok(route.kind === 'turn' && route.planMode === false && route.agent?.definition.name === 'tester' && route.text === 'write tests');
    assert.deepEqual(routeMessage('@src/a.ts explain', await context()), { kind: 'turn', text: '@src/a.ts explain', planMode: false });
    const unknownRun = routeMessage('/agents run ghost do it', await context());
    assert.ok(unknownRun.kind === 'notice' && /No agent named 'ghost'/.test(unknownRun.text));
  });

  it('@ suggests agent names by prefix, with their description', async () => {
    const { catalog } = await context();
    assert.deepEqual(suggestAgents(catalog!, 're'), [{ path: 'reviewer', kind: 'agent', detail: 'reviewer agent' }]);
    assert.equal(suggestAgents(catalog!, '').length, 3);
  });
});
