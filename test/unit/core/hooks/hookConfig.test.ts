import { strict as assert } from 'node:assert';
import { matchesTool, maxHookFileChars, parseHookFile } from '../../../../src/core/hooks/hookConfig';
import { combineOutcomes, interpretRun } from '../../../../src/core/hooks/hookOutcome';
import { loadHooks } from '../../../../src/core/hooks/hookSources';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { TempWorkspace } from '../tools/toolTestKit';
import { english } from '../../../../src/core/ports/translator';

/** A `.claude/settings.json` as teams keep it: permissions beside hooks, a formatter after edits, a guard before Bash. */
export const claudeSettings = {
  permissions: { allow: ['Bash(npm run test:*)'], deny: ['Read(./.env)'] },
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', timeout: 30 }] }],
    PostToolUse: [{ matcher: 'Edit|MultiEdit|Write', hooks: [{ type: 'command', command: 'npx prettier --write "$(jq -r .tool_input.file_path)"' }] }],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo "Sprint 12: freeze on main"' }] }],
    Notification: [{ matcher: '', hooks: [{ type: 'command', command: 'notify-send Claude' }] }],
  },
};

describe('hooks: Claude Code\'s settings format (spec §17)', () => {
  it('reads the hooks key: event, matcher, command, timeout (60 s by default), and names what it does not run', () => {
    const parsed = parseHookFile(JSON.stringify(claudeSettings, null, 2), '.claude/settings.json');
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.hooks.map((h) => [h.event, h.matcher, h.timeoutSeconds]), [['PreToolUse', 'Bash', 30], ['PostToolUse', 'Edit|MultiEdit|Write', 60], ['UserPromptSubmit', undefined, 60]]);
    assert.deepEqual(parsed.problems.map((problem) => problem(english)), ['.claude/settings.json: the event Notification is not supported by CodeAgent; its hooks are ignored']);
  });

  it('refuses malformed, huge or misshapen files with the reason', () => {
    const bad = (text: string) => {
      const parsed = parseHookFile(text, 'f');
      assert.ok(!parsed.ok);
      return parsed.error(english);
    };
    assert.match(bad('{"hooks": {"PreToolUse": [ '), /^invalid JSON: /);
    assert.match(bad(`{"hooks": {}, "pad": "${'x'.repeat(maxHookFileChars)}"}`), /characters long; at most 524288 are read/);
    assert.match(bad('{"hooks": {"PreToolUse": {"matcher": "Bash"}}}'), /^not a hooks file: hooks\.PreToolUse/);
    assert.match(bad('[1,2]'), /^not a hooks file/);
    assert.match(bad('{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": "soon"}]}]}}'), /timeout/);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    assert.match(bad(deep), /^(invalid JSON|not a hooks file)/);
    const regex = parseHookFile('{"hooks": {"PreToolUse": [{"matcher": "Bash(", "hooks": [{"type": "command", "command": "x"}]}]}}', 'f');
    assert.ok(regex.ok && regex.hooks.length === 0 && /not a valid regular expression/.test(regex.problems[0]!(english)));
    const types = parseHookFile('{"hooks": {"Stop": [{"hooks": [{"type": "prompt", "prompt": "x"}]}]}}', 'f');
    assert.ok(types.ok && types.hooks.length === 0 && /type "prompt" is not run/.test(types.problems[0]!(english)));
  });

  it('matches the tool name as Claude Code does: exact, alternatives, regex, * and empty match all', () => {
    assert.ok(matchesTool('Bash', 'Bash'));
    assert.ok(!matchesTool('Bash', 'BashOutput'));
    assert.ok(matchesTool('Edit|Write', 'Write'));
    assert.ok(matchesTool('mcp__github__.*', 'mcp__github__create_issue'));
    assert.ok(matchesTool('*', 'Read') && matchesTool('', 'Read') && matchesTool(undefined, 'Read'));
  });

  it('reads exit codes and JSON output with Claude Code\'s meaning', () => {
    const hook = { event: 'PreToolUse' as const, command: 'guard', timeoutSeconds: 60, source: '.claude/settings.json' };
    const run = (exitCode: number | null, stdout = '', stderr = '', timedOut = false) => interpretRun(hook, { exitCode, stdout, stderr, timedOut });
    assert.equal(run(2, '', 'rm -rf is not allowed here\n').blocked, 'rm -rf is not allowed here');
    assert.match(run(1, '', 'oops').warnings[0]!, /exited with 1: oops/);
    assert.equal(run(1).blocked, undefined);
    assert.match(run(null, '', '', true).warnings[0]!, /timeout of 60 s/);
    const deny = run(0, JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no network' } }));
    assert.deepEqual([deny.decision, deny.reason], ['deny', 'no network']);
    assert.equal(run(0, '{"decision": "block", "reason": "old style"}').decision, 'deny');
    assert.match(run(0, '{"hookSpecificOutput": ').warnings[0]!, /not valid JSON/);
    const all = combineOutcomes([run(0, '{"hookSpecificOutput": {"permissionDecision": "allow"}}'), run(0, '{"hookSpecificOutput": {"permissionDecision": "ask"}}')]);
    assert.equal(all.decision, 'ask', 'the strictest decision wins');
    const prompt = interpretRun({ ...hook, event: 'UserPromptSubmit' }, { exitCode: 0, stdout: 'Sprint 12: freeze on main\n', stderr: '', timedOut: false });
    assert.deepEqual(prompt.context, ['Sprint 12: freeze on main']);
  });

  it('loads the three workspace files and the user\'s, refusing a huge file unread', async () => {
    const ws = await TempWorkspace.create({
      '.claude/settings.json': JSON.stringify(claudeSettings),
      '.claude/settings.local.json': '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}',
      '.codeagent/hooks.json': '{ not json',
    });
    const home = await TempWorkspace.create({ '.claude/settings.json': '{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "git status"}]}]}}' });
    try {
      const loaded = await loadHooks({ project: new NodeWorkspaceFs(ws.root), user: new NodeWorkspaceFs(home.root) });
      assert.deepEqual(loaded.workspace.map((h) => [h.source, h.event]), [['.claude/settings.json', 'PreToolUse'], ['.claude/settings.json', 'PostToolUse'], ['.claude/settings.json', 'UserPromptSubmit'], ['.claude/settings.local.json', 'Stop']]);
      assert.deepEqual(loaded.user.map((h) => [h.source, h.command]), [['~/.claude/settings.json', 'git status']]);
      assert.ok(loaded.problems.some((p) => /^\.codeagent\/hooks\.json: invalid JSON: .*; its hooks do not run$/.test(p(english))));
      await ws.write('.codeagent/hooks.json', `{"hooks": {}, "x": "${'y'.repeat(maxHookFileChars + 10)}"}`);
      const huge = await loadHooks({ project: new NodeWorkspaceFs(ws.root), user: undefined });
      assert.ok(huge.problems.some((p) => /^\.codeagent\/hooks\.json: not read: the file is \d+ bytes/.test(p(english))));
    } finally {
      await ws.cleanup();
      await home.cleanup();
    }
  });
});
