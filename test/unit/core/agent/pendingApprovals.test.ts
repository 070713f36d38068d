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
