import { strict as assert } from 'node:assert';
import { approvalFor } from '../../../../src/core/agent/approvalGate';
import type { CommandResult, CommandRunner, CommandRunOptions } from '../../../../src/core/ports/commandRunner';
import type { CommandSandbox } from '../../../../src/core/ports/commandSandbox';
import type { WorkspaceFs } from '../../../../src/core/ports/workspaceFs';
import { defaultSettings } from '../../../../src/core/settings';
import type { ApprovalRequest } from '../../../../src/core/tools/approval';
import { createBashTool, type BashData } from '../../../../src/core/tools/bashTool';
import { ReadLedger } from '../../../../src/core/tools/readLedger';
import { InMemoryTodoStore } from '../../../../src/core/tools/todoStore';
import type { ToolContext } from '../../../../src/core/tools/toolTypes';
import { testShellParser } from '../../../support/shellParserForTests';

const parser = testShellParser();
const ran: CommandResult = { exitCode: 0, stdout: 'out\n', stderr: '', timedOut: false, cancelled: false, truncated: false, durationMs: 1 };

/** Spec §23 without bubblewrap: what the Bash tool hands the sandbox and the runner for a command judged read-only. */
function harness(readOnly: boolean | 'fails') {
  const settings = defaultSettings();
  const confined: string[] = [];
  const runs: Array<{ line: string; options: CommandRunOptions }> = [];
  const asked: ApprovalRequest[] = [];
  const sandbox: CommandSandbox = {
    status: async () => ({ state: 'off' }),
    wrap: async () => assert.fail('sandbox.enabled is off: nothing is wrapped for writing'),
    readOnly: async () => readOnly !== false,
    wrapReadOnly: async (command) => {
      if (readOnly === 'fails') throw new Error('bwrap: no user namespaces');
      confined.push(command);
      return { line: `confine-read-only -- ${command}`, env: { TMPDIR: '/private/tmp' }, blocked: () => [], release: () => {} };
    },
  };
  const commands: CommandRunner = { sandbox, parser, run: async (line, options) => (runs.push({ line, options }), ran) };
  const approve = approvalFor({
    approver: { request: async (request) => (asked.push(request), { decision: 'accepted' }) },
    settings, turnId: 't', callId: 'c', emit: () => {}, signal: new AbortController().signal,
  });
  const ctx: ToolContext = {
    fs: { root: '/w' } as WorkspaceFs, commands, search: undefined as never, signal: new AbortController().signal,
    readLedger: new ReadLedger(), todos: new InMemoryTodoStore(), askUser: async () => '', approve, conversationId: 'conv', callId: 'c',
  };
  return { ctx, confined, runs, asked };
}

describe('unasked means confined (spec §23)', () => {
  it('a command judged read-only runs inside the read-only sandbox, sandbox.enabled off; the card still says read-only', async () => {
    const h = harness(true);
    const result = await createBashTool().run({ command: 'ls -la' }, h.ctx);
    assert.deepEqual(h.asked, []);
    assert.deepEqual(h.confined, ['ls -la']);
    assert.equal(h.runs[0]!.line, 'confine-read-only -- ls -la');
    assert.deepEqual(h.runs[0]!.options.env, { TMPDIR: '/private/tmp' });
    assert.equal(h.runs[0]!.options.unasked, true, 'no secret-named variable reaches it');
    const data = result.data as BashData;
    assert.deepEqual(data.unasked, { kind: 'read-only' });
    assert.equal(data.sandboxed, undefined, 'the card says read-only, not sandboxed');
    assert.equal(data.command, 'ls -la');
  });

  it('read-only git is confined with its safe options; the card shows the command as the model wrote it', async () => {
    const h = harness(true);
    const result = await createBashTool().run({ command: 'git log --oneline | head' }, h.ctx);
    assert.deepEqual(h.asked, []);
    assert.match(h.confined[0]!, /^git -c safe\.bareRepository=explicit -c core\.fsmonitor=false -c core\.pager=cat -c diff\.external= -c core\.hooksPath=\/dev\/null .* log --no-textconv --no-ext-diff --oneline \| head$/);
    assert.equal((result.data as BashData).command, 'git log --oneline | head');
    assert.equal((result.data as BashData).userEdited, false);
  });

  it('without a sandbox the judge stands alone: the hardened line runs bare, unasked, without secret variables', async () => {
    const h = harness(false);
    await createBashTool().run({ command: 'git status' }, h.ctx);
    assert.deepEqual(h.confined, []);
    assert.match(h.runs[0]!.line, /^git -c safe\.bareRepository=explicit .* status$/);
    assert.equal(h.runs[0]!.options.unasked, true);
  });

  it('a sandbox that cannot confine this command makes it ask', async () => {
    const h = harness('fails');
    await createBashTool().run({ command: 'ls' }, h.ctx);
    assert.equal(h.asked.length, 1);
    assert.equal(h.runs[0]!.line, 'ls');
  });

  it('a command the user approved is neither confined nor stripped of variables', async () => {
    const h = harness(true);
    await createBashTool().run({ command: 'npm test' }, h.ctx);
    assert.equal(h.asked.length, 1);
    assert.deepEqual(h.confined, []);
    assert.equal(h.runs[0]!.options.unasked, false);
  });
});
