import { strict as assert } from 'node:assert';
import { agentAllowsTool, filterToolNames, matchesToolPattern } from '../../../../src/core/agents/agentToolFilter';

const tools = ['Read', 'Write', 'Edit', 'Bash', 'mcp__github__get_issue', 'mcp__github__create_pr', 'mcp__jira__search'];

describe('agent tool filter', () => {
  it('allows every tool when allow is absent, none when it is empty', () => {
    assert.deepEqual(filterToolNames(tools, {}), tools);
    assert.deepEqual(filterToolNames(tools, { allow: [] }), []);
  });

  it('allows exactly the listed names, case-sensitively', () => {
    assert.deepEqual(filterToolNames(tools, { allow: ['Read', 'bash', 'Edit'] }), ['Read', 'Edit']);
    assert.equal(agentAllowsTool({ allow: ['read'] }, 'Read'), false);
  });

  it('lets deny win over allow and over the implicit allow-all', () => {
    assert.deepEqual(filterToolNames(tools, { allow: ['Read', 'Bash'], deny: ['Bash'] }), ['Read']);
    assert.deepEqual(filterToolNames(tools, { deny: ['Write', 'Edit', 'Bash'] }), ['Read', 'mcp__github__get_issue', 'mcp__github__create_pr', 'mcp__jira__search']);
  });

  it('matches * wildcards in allow and deny', () => {
    assert.deepEqual(filterToolNames(tools, { allow: ['mcp__github__*'] }), ['mcp__github__get_issue', 'mcp__github__create_pr']);
    assert.deepEqual(filterToolNames(tools, { allow: ['mcp__*'], deny: ['*create*'] }), ['mcp__github__get_issue', 'mcp__jira__search']);
    assert.deepEqual(filterToolNames(tools, { allow: ['*'], deny: ['mcp__*'] }), ['Read', 'Write', 'Edit', 'Bash']);
  });

  it('treats other regular-expression characters literally', () => {
    assert.equal(matchesToolPattern('Re.d', 'Read'), false);
    assert.equal(matchesToolPattern('mcp__a.b__*', 'mcp__a.b__x'), true);
    assert.equal(matchesToolPattern('mcp__a.b__*', 'mcp__aXb__x'), false);
    assert.equal(matchesToolPattern('Read*', 'Read'), true);
    assert.equal(matchesToolPattern('*Read', 'MyReader'), false);
  });
});
