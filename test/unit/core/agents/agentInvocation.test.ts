import { strict as assert } from 'node:assert';
import { agentMentionUsage, agentsUsage, parseAgentMention, parseSlashCommand, planUsage } from '../../../../src/core/agents/agentInvocation';

const known = new Set(['code-review', 'fix_bugs', 'docs']);

describe('agent invocation', () => {
  describe('parseAgentMention', () => {
    it('runs a loaded agent named at the start, with the rest as the prompt', () => {
      assert.deepEqual(parseAgentMention('@code-review analyse src/utils.py', known), { kind: 'agent', name: 'code-review', prompt: 'analyse src/utils.py' });
      assert.deepEqual(parseAgentMention('  @fix_bugs  fix the three issues\nlisted above  ', ['fix_bugs']), {
        kind: 'agent',
        name: 'fix_bugs',
        prompt: 'fix the three issues\nlisted above',
      });
    });

    it('reads --shared and --isolated right after the name', () => {
      assert.deepEqual(parseAgentMention('@fix_bugs --shared fix them', known), { kind: 'agent', name: 'fix_bugs', prompt: 'fix them', contextMode: 'shared' });
      assert.deepEqual(parseAgentMention('@fix_bugs --isolated\nfix them', known), { kind: 'agent', name: 'fix_bugs', prompt: 'fix them', contextMode: 'isolated' });
      assert.deepEqual(parseAgentMention('@fix_bugs fix --shared things', known), { kind: 'agent', name: 'fix_bugs', prompt: 'fix --shared things' });
      assert.deepEqual(parseAgentMention('@fix_bugs --sharedly fix', known), { kind: 'agent', name: 'fix_bugs', prompt: '--sharedly fix' });
    });

    it('is null for an unknown name, a file path, a mention later in the text, or no mention', () => {
      assert.equal(parseAgentMention('@unknown do things', known), null);
      assert.equal(parseAgentMention('@docs/readme.md explain', known), null);
      assert.equal(parseAgentMention('@docs.md explain', known), null);
      assert.equal(parseAgentMention('please ask @docs', known), null);
      assert.equal(parseAgentMention('@Docs explain', known), null);
      assert.equal(parseAgentMention('plain text', known), null);
    });

    it('is a usage error when the prompt is missing or the flags contradict each other', () => {
      assert.deepEqual(parseAgentMention('@docs', known), { kind: 'usageError', message: `@docs needs a request after the name. ${agentMentionUsage}` });
      assert.deepEqual(parseAgentMention('@docs --shared   ', known), { kind: 'usageError', message: `@docs needs a request after the name. ${agentMentionUsage}` });
      const both = parseAgentMention('@docs --shared --isolated write', known);
      assert.equal(both?.kind, 'usageError');
      assert.match((both as { message: string }).message, /either --shared or --isolated/);
    });
  });

  describe('parseSlashCommand', () => {
    const usageError = (text: string) => {
      const parsed = parseSlashCommand(text, known);
      assert.equal(parsed?.kind, 'usageError', text);
      return (parsed as { message: string }).message;
    };

    it('parses /plan with its request, and asks for one when missing', () => {
      assert.deepEqual(parseSlashCommand('/plan  add a dark theme\nwith tests '), { kind: 'plan', request: 'add a dark theme\nwith tests' });
      assert.deepEqual(parseSlashCommand('/plan'), { kind: 'usageError', command: '/plan', message: planUsage });
      assert.equal(parseSlashCommand('/planet x'), null);
    });

    it('is null for text that is not /plan or /agents', () => {
      assert.equal(parseSlashCommand('/new'), null);
      assert.equal(parseSlashCommand('/agentsx list'), null);
      assert.equal(parseSlashCommand('tell me about /agents list'), null);
    });

    it('parses /agents list', () => {
      assert.deepEqual(parseSlashCommand('/agents list'), { kind: 'agentsList' });
      assert.match(usageError('/agents list all'), /takes no arguments/);
    });

    it('parses /agents run with the context option at the end or right after the name', () => {
      assert.deepEqual(parseSlashCommand('/agents run fix_bugs fix the code', known), { kind: 'agentsRun', name: 'fix_bugs', prompt: 'fix the code' });
      assert.deepEqual(parseSlashCommand('/agents run fix_bugs fix the code --context shared', known), { kind: 'agentsRun', name: 'fix_bugs', prompt: 'fix the code', contextMode: 'shared' });
      assert.deepEqual(parseSlashCommand('/agents run fix_bugs --context=isolated fix it', known), { kind: 'agentsRun', name: 'fix_bugs', prompt: 'fix it', contextMode: 'isolated' });
      assert.deepEqual(parseSlashCommand('/agents run docs explain --contextual', known), { kind: 'agentsRun', name: 'docs', prompt: 'explain --contextual' });
    });

    it('gives usage errors for a bad /agents run', () => {
      assert.equal(usageError('/agents run'), `/agents run needs an agent name and a request.\n${agentsUsage}`);
      assert.match(usageError('/agents run docs'), /^\/agents run docs needs a request\./);
      assert.match(usageError('/agents run docs --context shared'), /^\/agents run docs needs a request\./);
      assert.match(usageError('/agents run docs do it --context both'), /^--context must be "shared" or "isolated", not "both"\./);
      assert.match(usageError('/agents run docs do it --context'), /^--context must be "shared" or "isolated"\./);
      assert.equal(usageError('/agents run ghost boo'), "No agent named 'ghost'. Agents: code-review, fix_bugs, docs.");
      assert.equal((parseSlashCommand('/agents run ghost boo', []) as { message: string }).message, "No agent named 'ghost'. No agents are defined: add Markdown files to .codeagent/agents/.");
      assert.deepEqual(parseSlashCommand('/agents run ghost boo'), { kind: 'agentsRun', name: 'ghost', prompt: 'boo' });
    });

    it('parses /agents context for one agent, with an optional mode, and for all', () => {
      assert.deepEqual(parseSlashCommand('/agents context docs', known), { kind: 'agentsContext', name: 'docs' });
      assert.deepEqual(parseSlashCommand('/agents context docs --mode shared', known), { kind: 'agentsContext', name: 'docs', mode: 'shared' });
      assert.deepEqual(parseSlashCommand('/agents context docs --mode=isolated', known), { kind: 'agentsContext', name: 'docs', mode: 'isolated' });
      assert.deepEqual(parseSlashCommand('/agents context --all', known), { kind: 'agentsContextAll' });
    });

    it('gives usage errors for a bad /agents context', () => {
      assert.match(usageError('/agents context'), /^\/agents context needs an agent name, or --all\./);
      assert.match(usageError('/agents context --all docs'), /takes nothing else/);
      assert.match(usageError('/agents context docs --mode'), /^--mode must be "shared" or "isolated"\./);
      assert.match(usageError('/agents context docs --mode open'), /not "open"/);
      assert.match(usageError('/agents context docs shared'), /^Unexpected 'shared' after \/agents context docs\./);
      assert.match(usageError('/agents context docs --mode shared now'), /^Unexpected 'now'/);
      assert.match(usageError('/agents context ghost'), /^No agent named 'ghost'/);
    });

    it('names an unknown or missing subcommand with the usage', () => {
      assert.equal(usageError('/agents'), `Missing subcommand.\n${agentsUsage}`);
      assert.equal(usageError('/agents delete docs'), `Unknown subcommand 'delete'.\n${agentsUsage}`);
    });
  });
});
