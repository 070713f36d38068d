import { strict as assert } from 'node:assert';
import { approvalFor } from '../../../../src/core/agent/approvalGate';
import { resultDetail } from '../../../../src/core/agent/toolResultView';
import type { AgentEvent } from '../../../../src/core/events';
import type { CommandResult, CommandRunner } from '../../../../src/core/ports/commandRunner';
import type { CommandSandbox, SandboxStatus } from '../../../../src/core/ports/commandSandbox';
import type { WorkspaceFs } from '../../../../src/core/ports/workspaceFs';
import { defaultSettings, type Settings } from '../../../../src/core/settings';
import type { ApprovalDecision, ApprovalRequest } from '../../../../src/core/tools/approval';
import { createBashTool, type BackgroundBash, type BashData, type BashParams } from '../../../../src/core/tools/bashTool';
import { placeCommand } from '../../../../src/core/tools/commandPlacement';
import { ReadLedger } from '../../../../src/core/tools/readLedger';
import { InMemoryTodoStore } from '../../../../src/core/tools/todoStore';
import type { ToolContext } from '../../../../src/core/tools/toolTypes';
import { ToolFailure } from '../../../../src/core/tools/toolResults';
import { english } from '../../../../src/core/ports/translator';
import { testShellParser } from '../../../support/shellParserForTests';

const parser = testShellParser();
/** Bash's result, or the failure the registry would turn into one (a rejected command). */
const runBash = (params: BashParams, ctx: ToolContext, background?: BackgroundBash) =>
  createBashTool(background).run(params, ctx).catch((error: unknown) => ({ status: 'error' as const, data: {}, text: String(error), error: { code: error instanceof ToolFailure ? error.code : 'thrown', message: String(error) } }));
const ran = (stdout = ''): CommandResult => ({ exitCode: 0, stdout, stderr: '', timedOut: false, cancelled: false, truncated: false, durationMs: 1 });

/** A fake sandbox and a runner that records what would run: spec §18 and §23 without a process or bubblewrap. */
function placement(status: SandboxStatus | undefined, approval: Partial<Settings['approval']> = {}, decide: (request: ApprovalRequest) => ApprovalDecision = () => ({ decision: 'accepted' })) {
  const settings = defaultSettings();
  Object.assign(settings.approval, approval);
  const wrapped: string[] = [];
  const lines: string[] = [];
  const asked: ApprovalRequest[] = [];
  const events: AgentEvent[] = [];
  const sandbox: CommandSandbox | undefined = status && {
    status: async () => status,
    wrap: async (command) => (wrapped.push(command), { line: `confine -- ${command}`, blocked: () => [], release: () => {} }),
  };
  const commands: CommandRunner = { sandbox, parser, run: async (line) => (lines.push(line), ran('out\n')) };
  const approve = approvalFor({
    approver: { request: async (request) => (asked.push(request), decide(request)) },
    settings, turnId: 't', callId: 'c', emit: (event) => events.push(event), signal: new AbortController().signal,
  });
  const ctx: ToolContext = {
    fs: { root: '/w' } as WorkspaceFs, commands, search: undefined as never, signal: new AbortController().signal,
    readLedger: new ReadLedger(), todos: new InMemoryTodoStore(), askUser: async () => '', approve, conversationId: 'conv', callId: 'c',
  };
  return { ctx, wrapped, lines, asked, events };
}

describe('placeCommand over a fake sandbox (spec §18, §23)', () => {
  it('a ready sandbox wraps the command and runs it unasked; the card says sandboxed', async () => {
    const p = placement({ state: 'ready', policy: 'p' });
    const placed = await placeCommand('rm -rf build', {}, p.ctx);
    assert.deepEqual(p.asked, []);
    assert.deepEqual(p.wrapped, ['rm -rf build']);
    assert.equal(placed.sandboxed?.line, 'confine -- rm -rf build');
  });

  it('an unavailable sandbox never runs a command bare unasked: it asks, and rejected nothing runs', async () => {
    const p = placement({ state: 'unavailable', reason: () => 'bwrap not found' }, {}, () => ({ decision: 'rejected' }));
    const result = await runBash({ command: 'rm -rf build' }, p.ctx);
    assert.equal(result.error?.code, 'rejected');
    assert.equal(p.asked.length, 1);
    const request = p.asked[0]!;
    assert.match(request.kind === 'command' ? request.sandboxUnavailable?.(english) ?? '' : '', /bwrap not found/);
    assert.deepEqual(p.wrapped, []);
    assert.deepEqual(p.lines, [], 'nothing ran');
  });

  it('a deny-list command asks even inside a ready sandbox, and accepted runs sandboxed', async () => {
    const p = placement({ state: 'ready', policy: 'p' }, { autoApproveCommands: true });
    const placed = await placeCommand('sudo rm -rf /tmp/x', {}, p.ctx);
    assert.equal(p.asked.length, 1);
    assert.equal(placed.sandboxed?.line, 'confine -- sudo rm -rf /tmp/x');
    const card = p.events.find((e) => e.type === 'approval' && e.phase === 'request');
    assert.match(card?.type === 'approval' ? card.reason ?? '' : '', /on the deny list \(\/\^\(sudo\|/);
  });

  it('a background command is started with the sandbox\'s wrapped line, and asks when there is no sandbox', async () => {
    const started: Array<{ command: string; line?: string }> = [];
    const background: BackgroundBash = {
      start: async (command, _edited, _owner, _cwd, sandboxed) => (started.push({ command, line: sandboxed?.line }), { status: 'success', data: {}, text: 'started' }),
      compress: () => undefined,
    };
    const ready = placement({ state: 'ready', policy: 'p' });
    await runBash({ command: 'npm run dev', run_in_background: true }, ready.ctx, background);
    assert.deepEqual(started, [{ command: 'npm run dev', line: 'confine -- npm run dev' }]);
    assert.deepEqual(ready.asked, []);

    const none = placement(undefined, {}, () => ({ decision: 'rejected' }));
    const refused = await runBash({ command: 'npm run dev', run_in_background: true }, none.ctx, background);
    assert.equal(refused.error?.code, 'rejected');
    assert.equal(none.asked.length, 1);
    assert.equal(started.length, 1, 'the rejected one never started');
    const readOnly = placement(undefined);
    await runBash({ command: 'tail -f build.log', run_in_background: true }, readOnly.ctx, background);
    assert.deepEqual(readOnly.asked, [], 'a read-only background command runs unasked, as in the foreground');
  });

  it('without a sandbox, a read-only line runs unasked and its card says read-only; one writing a file asks, naming the part', async () => {
    const p = placement(undefined);
    const result = await runBash({ command: 'ls -la && cat README.md | wc -l' }, p.ctx);
    assert.deepEqual(p.asked, []);
    assert.deepEqual((result.data as BashData).unasked, { kind: 'read-only' });
    assert.deepEqual(resultDetail('Bash', result)?.unasked, { kind: 'read-only' });
    await runBash({ command: 'ls && echo x > out.txt' }, p.ctx);
    assert.equal(p.asked.length, 1);
    const card = p.events.find((e) => e.type === 'approval' && e.phase === 'request');
    assert.match(card?.type === 'approval' ? card.reason ?? '' : '', /`echo x > out.txt`: writes to out\.txt/);
    assert.deepEqual(card?.type === 'approval' ? card.alwaysAllow : undefined, ['echo x > out.txt']);
  });
});
