import { strict as assert } from 'node:assert';
import { parseClaudeAgentFile, parseGithubAgentFile } from '../../../../src/core/agents/compatAgentFile';
import { english } from '../../../../src/core/ports/translator';

const claude = { path: '.claude/agents/code-reviewer.md', origin: 'claude' as const };
const github = { path: '.github/agents/Security Review.agent.md', origin: 'github' as const };

describe('compatibility agent files', () => {
  describe('Claude Code subagents', () => {
    it('maps name, description, a comma-separated tools string and model', () => {
      const parsed = parseClaudeAgentFile(
        '---\nname: code-reviewer\ndescription: Reviews code\ntools: Read, Grep, Glob, Bash\nmodel: gpt-4.1\ncolor: blue\n---\nYou review code.\n',
        claude,
      );
      assert.deepEqual(parsed, {
        ok: true,
        agent: { name: 'code-reviewer', description: 'Reviews code', model: 'gpt-4.1', tools: { allow: ['Read', 'Grep', 'Glob', 'Bash'] }, systemPrompt: 'You review code.', source: claude },
        notes: [],
      });
    });

    it('takes a tools list, drops tools without a counterpart with a note, and passes MCP tools through', () => {
      const parsed = parseClaudeAgentFile(
        '---\nname: r\ntools:\n  - Read\n  - WebFetch\n  - NotebookEdit\n  - WebSearch\n  - Frobnicate\n  - mcp__github__get_issue\n  - mcp__jira\n  - Bash(git diff:*)\n---\nx',
        claude,
      );
      assert.ok(parsed.ok);
      assert.deepEqual(parsed.agent.tools, { allow: ['Read', 'mcp__github__get_issue', 'mcp__jira__*', 'Bash'] });
      assert.deepEqual(parsed.notes.map((note) => note(english)), [
        "tool 'WebFetch' has no CodeAgent counterpart: dropped",
        "tool 'NotebookEdit' has no CodeAgent counterpart: dropped",
        "tool 'WebSearch' has no CodeAgent counterpart: dropped",
        "tool 'Frobnicate' is not a Claude Code tool CodeAgent knows: dropped",
        "tool rule 'Bash(git diff:*)' is not supported: Bash is allowed without the restriction",
      ]);
    });

    it('without tools allows every tool; a list that maps to nothing allows none, and says so', () => {
      const all = parseClaudeAgentFile('---\nname: r\n---\nx', claude);
      assert.ok(all.ok);
      assert.deepEqual(all.agent.tools, {});
      const none = parseClaudeAgentFile('---\nname: r\ntools: WebFetch\n---\nx', claude);
      assert.ok(none.ok);
      assert.deepEqual(none.agent.tools, { allow: [] });
      assert.ok(none.notes.map((note) => note(english)).includes('none of the listed tools exists in CodeAgent: the agent gets no tools'));
    });

    it('reads model inherit as none, and drops Claude model aliases with a note', () => {
      const inherit = parseClaudeAgentFile('---\nname: r\nmodel: inherit\n---\nx', claude);
      assert.ok(inherit.ok);
      assert.equal(inherit.agent.model, undefined);
      assert.deepEqual(inherit.notes.map((note) => note(english)), []);
      const alias = parseClaudeAgentFile('---\nname: r\nmodel: opus\n---\nx', claude);
      assert.ok(alias.ok);
      assert.equal(alias.agent.model, undefined);
      assert.deepEqual(alias.notes.map((note) => note(english)), ["model 'opus' is a Claude Code alias: the configured model is used"]);
    });

    it('refuses an empty body, bad YAML, and a name with nothing to call it by', () => {
      for (const [text, reason] of [
        ['---\nname: r\n---\n\n', /^the body is empty/],
        ['---\nname: r\ntools: [Read\n---\nx', /^invalid YAML/],
        ['---\nname: "!!!"\n---\nx', /^name '!!!' has no letters or digits/],
        ['---\ntools: 3\n---\nx', /^tools must be a list of tool names/],
      ] as const) {
        const parsed = parseClaudeAgentFile(text, claude);
        assert.ok(!parsed.ok, text);
        assert.match(parsed.reason(english), reason);
      }
    });
  });

  describe('GitHub Copilot custom agents', () => {
    it('defaults the name to the file name, typable by @, keeping it as the title', () => {
      const parsed = parseGithubAgentFile('---\ndescription: Finds vulnerabilities\nmodel: GPT-4.1\n---\nLook for injections.', github);
      assert.deepEqual(parsed, {
        ok: true,
        agent: { name: 'security-review', title: 'Security Review', description: 'Finds vulnerabilities', model: 'GPT-4.1', tools: {}, systemPrompt: 'Look for injections.', source: github },
        notes: [],
      });
      const named = parseGithubAgentFile('---\nname: planner\n---\nPlan.', github);
      assert.ok(named.ok);
      assert.equal(named.agent.name, 'planner');
      assert.equal(named.agent.title, undefined);
    });

    it('maps Copilot tool names onto the closest CodeAgent tools', () => {
      const mapped = (tools: string) => {
        const parsed = parseGithubAgentFile(`---\ntools: [${tools}]\n---\nx`, github);
        assert.ok(parsed.ok);
        return parsed.agent.tools.allow;
      };
      assert.deepEqual(mapped('codebase'), ['Read', 'LS', 'Glob', 'Grep']);
      assert.deepEqual(mapped('search, usages'), ['Read', 'LS', 'Glob', 'Grep']);
      assert.deepEqual(mapped('editFiles'), ['Write', 'Edit', 'MultiEdit']);
      assert.deepEqual(mapped('edit, runCommands'), ['Write', 'Edit', 'MultiEdit', 'Bash']);
      assert.deepEqual(mapped('runInTerminal, terminal'), ['Bash']);
      assert.deepEqual(mapped('problems, changes'), ['Read', 'Grep']);
      assert.deepEqual(mapped('edit/editFiles, search/codebase'), ['Write', 'Edit', 'MultiEdit', 'Read', 'LS', 'Glob', 'Grep']);
      assert.deepEqual(mapped('github/*, jira/get_issue, mcp__x__y, Read'), ['mcp__github__*', 'mcp__jira__get_issue', 'mcp__x__y', 'Read']);
    });

    it('drops unknown and counterpart-less tools with a note; `*` allows everything', () => {
      const parsed = parseGithubAgentFile('---\ntools: [codebase, fetch, githubRepo, wizardry]\n---\nx', github);
      assert.ok(parsed.ok);
      assert.deepEqual(parsed.agent.tools, { allow: ['Read', 'LS', 'Glob', 'Grep'] });
      assert.deepEqual(parsed.notes.map((note) => note(english)), [
        "tool 'fetch' has no CodeAgent counterpart: dropped",
        "tool 'githubRepo' has no CodeAgent counterpart: dropped",
        "tool 'wizardry' is not a Copilot tool CodeAgent knows: dropped",
      ]);
      const all = parseGithubAgentFile("---\ntools: ['*']\n---\nx", github);
      assert.ok(all.ok);
      assert.deepEqual(all.agent.tools, {});
    });

    it('accepts a file without front matter, and refuses one without a body', () => {
      const plain = parseGithubAgentFile('Only instructions.', { path: '.github/agents/docs.agent.md', origin: 'github' });
      assert.ok(plain.ok);
      assert.equal(plain.agent.name, 'docs');
      const empty = parseGithubAgentFile('---\nname: docs\n---\n', github);
      assert.ok(!empty.ok);
      assert.match(empty.reason(english), /^the body is empty/);
    });
  });
});
