import { strict as assert } from 'node:assert';
import type { AgentDefinition } from '../../../../src/core/agents/agentDefinition';
import { agentContextText, agentListText, allAgentContextsText, type AgentContextState } from '../../../../src/core/agents/agentsListing';

const reviewer: AgentDefinition = {
  name: 'code-reviewer',
  title: 'Code Reviewer',
  description: 'Finds issues',
  contextMode: 'isolated',
  tools: {},
  systemPrompt: 'Review.',
  source: { path: '.codeagent/agents/code-reviewer.md', origin: 'project' },
};
const fixer: AgentDefinition = {
  name: 'bug-fixer',
  contextMode: 'shared',
  tools: {},
  systemPrompt: 'Fix.',
  source: { path: '/home/me/.codeagent/agents/bug-fixer.md', origin: 'global' },
};
const helper: AgentDefinition = { name: 'helper', tools: {}, systemPrompt: 'Help.', source: { path: '.claude/agents/helper.md', origin: 'claude' } };

const state = (over: Partial<AgentContextState> = {}): AgentContextState => ({
  settings: { defaultContextMode: 'isolated', allowSharedContext: true, sharedContextMaxMessages: 100 },
  historyLength: (name) => (name === 'code-reviewer' ? 4 : name === 'helper' ? 1 : 0),
  ...over,
});

describe('agents listing', () => {
  it('lists each agent with its title, description, context mode, origin and file, then the problems', () => {
    const text = agentListText([fixer, reviewer, helper], [{ file: '.codeagent/agents/bad.md', reason: () => 'name is required; not loaded' }], state());
    assert.equal(
      text,
      [
        '**Agents** (3)',
        '- `@bug-fixer`',
        '  shared (the agent file) · global: /home/me/.codeagent/agents/bug-fixer.md',
        '- `@code-reviewer` — Code Reviewer: Finds issues',
        '  isolated (the agent file) · project: .codeagent/agents/code-reviewer.md',
        '- `@helper`',
        '  isolated (setting codeagent.agents.defaultContextMode) · claude: .claude/agents/helper.md',
        '',
        '**Agent file problems**',
        '- .codeagent/agents/bad.md: name is required; not loaded',
      ].join('\n'),
    );
  });

  it('tells how to add agents when there are none', () => {
    assert.match(agentListText([], [], state()), /^No agents\. Add Markdown files .*`\.codeagent\/agents\/`/);
  });

  it('explains one agent: its mode, what decided it, what it sees and its own history', () => {
    assert.equal(
      agentContextText(reviewer, state()),
      [
        '**Agent:** code-reviewer',
        '**Context mode:** isolated (the agent file)',
        '**Sees:** only its own earlier exchanges in this conversation',
        '**Own history:** 4 messages',
      ].join('\n'),
    );
    assert.equal(
      agentContextText(fixer, state()),
      [
        '**Agent:** bug-fixer',
        '**Context mode:** shared (the agent file)',
        '**Sees:** the main conversation (its last 100 messages), and adds its exchanges to it',
        '**Own history:** 0 messages',
      ].join('\n'),
    );
  });

  it('shows a session override and the mode it overrides', () => {
    const text = agentContextText(fixer, state({ sessionModes: new Map([['bug-fixer', 'isolated']]) }));
    assert.ok(text.includes('**Context mode:** isolated (set for this conversation with /agents context --mode)'), text);
    assert.ok(text.includes('**Without the override:** shared (the agent file)'), text);
  });

  it('says when allowSharedContext forces isolated', () => {
    const text = agentContextText(fixer, state({ settings: { allowSharedContext: false } }));
    assert.ok(text.includes('**Context mode:** isolated (codeagent.agents.allowSharedContext is off; the agent file asked for shared)'), text);
  });

  it('lists every agent for --all', () => {
    assert.equal(
      allAgentContextsText([fixer, reviewer, helper], state({ settings: { allowSharedContext: true } })),
      [
        '- `bug-fixer`: shared (the agent file), own history 0 messages',
        '- `code-reviewer`: isolated (the agent file), own history 4 messages',
        '- `helper`: isolated (the default), own history 1 message',
      ].join('\n'),
    );
    assert.equal(allAgentContextsText([], state()), 'No agents are defined.');
  });
});
