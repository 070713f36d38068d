import { strict as assert } from 'node:assert';
import { parseAgentFile } from '../../../../src/core/agents/agentFile';
import { english } from '../../../../src/core/ports/translator';

const source = { path: '.codeagent/agents/a.md', origin: 'project' as const };
const reasonOf = (text: string) => {
  const parsed = parseAgentFile(text, source);
  assert.ok(!parsed.ok, 'expected the file to be refused');
  return parsed.reason(english);
};

describe('parseAgentFile', () => {
  it('reads every front matter key, ignores unknown ones, and takes the trimmed body as the system prompt', () => {
    const text = [
      '---', 'kind: agent', 'name: bug-fixer', 'title: Bug Fixer', 'description: Fixes what the review found',
      'model: gpt-4.1', 'contextMode: shared', 'color: red', 'tools:', '  allow: [Read, Edit, "mcp__github__*"]', '  deny:', '    - Bash', '---',
      '', 'You fix bugs.', 'You see the conversation.', '',
    ].join('\n');
    assert.deepEqual(parseAgentFile(text, source), {
      ok: true,
      agent: {
        name: 'bug-fixer',
        title: 'Bug Fixer',
        description: 'Fixes what the review found',
        model: 'gpt-4.1',
        contextMode: 'shared',
        tools: { allow: ['Read', 'Edit', 'mcp__github__*'], deny: ['Bash'] },
        systemPrompt: 'You fix bugs.\nYou see the conversation.',
        source,
      },
      notes: [],
    });
  });

  it('needs only a name; empty keys count as absent and a comma-separated allow is a list', () => {
    const minimal = parseAgentFile('---\nname: r2_d2\ntitle:\ncontextMode:\n---\nBeep.\n', source);
    assert.ok(minimal.ok);
    assert.deepEqual(minimal.agent, { name: 'r2_d2', tools: {}, systemPrompt: 'Beep.', source });
    const listed = parseAgentFile('---\nname: a\ntools:\n  allow: Read, Grep ,\n---\nx', source);
    assert.ok(listed.ok);
    assert.deepEqual(listed.agent.tools, { allow: ['Read', 'Grep'] });
  });

  it('takes contextMode as a string and names the allowed values otherwise', () => {
    for (const mode of ['isolated', 'shared'] as const) {
      const parsed = parseAgentFile(`---\nname: a\ncontextMode: "${mode}"\n---\nx`, source);
      assert.ok(parsed.ok);
      assert.equal(parsed.agent.contextMode, mode);
    }
    for (const bad of ['both', 'Shared', 'true', '1']) {
      assert.equal(reasonOf(`---\nname: a\ncontextMode: ${bad}\n---\nx`), 'contextMode must be "isolated" or "shared"');
    }
  });

  it('refuses a missing, misspelt or non-string name', () => {
    assert.equal(reasonOf('---\ntitle: T\n---\nx'), 'name is required');
    assert.match(reasonOf('---\nname: Bug Fixer\n---\nx'), /^name must be 1 to 64 lowercase letters, digits, "-" or "_"/);
    assert.match(reasonOf('---\nname: -dash\n---\nx'), /^name must be/);
    assert.match(reasonOf(`---\nname: ${'a'.repeat(65)}\n---\nx`), /^name must be/);
    assert.equal(reasonOf('---\nname: 42\n---\nx'), 'name must be a string');
  });

  it('refuses a file without front matter, a front matter that is not a mapping, and bad YAML', () => {
    assert.match(reasonOf('Just a prompt.\n'), /^front matter is missing/);
    assert.equal(reasonOf('---\n- a\n- b\n---\nx'), 'front matter must be a YAML mapping');
    assert.match(reasonOf('---\nname: [a\n---\nx'), /^invalid YAML: /);
    assert.match(reasonOf('---\nname: a\nno closing line\n'), /never closed/);
  });

  it('refuses malformed tools and other fields, naming the key', () => {
    assert.equal(reasonOf('---\nname: a\ntools: [Read]\n---\nx'), 'tools must be an object with "allow" and/or "deny" lists');
    assert.equal(reasonOf('---\nname: a\ntools:\n  deny: [7]\n---\nx'), 'tools.deny must be a list of tool names (or one comma-separated string)');
    assert.equal(reasonOf('---\nname: a\ntitle: [x]\n---\nx'), 'title must be a string');
  });

  it('refuses an empty body', () => {
    assert.match(reasonOf('---\nname: a\n---\n  \n\n'), /^the body is empty/);
  });
});
