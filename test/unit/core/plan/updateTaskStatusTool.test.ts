import { strict as assert } from 'node:assert';
import type { TaskManager } from '../../../../src/core/plan/taskManager';
import type { Harness, TempWorkspace } from '../tools/toolTestKit';
import { planHarness, planRegistry } from './planToolKit';

describe('UpdateTaskStatus', () => {
  let ws: TempWorkspace;
  let h: Harness;
  let plan: TaskManager;
  beforeEach(async () => {
    ({ ws, h, plan } = await planHarness());
    plan.setPlan([
      { id: '1', description: 'Read', dependencies: [] },
      { id: '2', description: 'Change', dependencies: ['1'] },
      { id: '3', description: 'Test', dependencies: ['2'] },
    ]);
  });
  afterEach(() => ws.cleanup());

  const update = (params: Record<string, unknown>) => planRegistry.invoke('UpdateTaskStatus', params, h.ctx);

  it('completes a task with its result and names the next one', async () => {
    const result = await update({ task_id: '1', status: 'completed', result: 'Read it all' });
    assert.equal(result.status, 'success', result.text);
    assert.equal(result.text, 'Task 1 marked completed.\n[X] Task 1: Read (Result: Read it all)\n[ ] Task 2: Change\n[ ] Task 3: Test\nCurrent Task: Change (ID: 2)');
    assert.equal(planRegistry.compress('UpdateTaskStatus', { task_id: '1', status: 'completed' }, result), JSON.stringify({ status: 'success', data: 'Task 1 marked completed.' }));
  });

  it('fails a task with the result as the error and skips its dependents', async () => {
    const result = await update({ task_id: 1, status: 'failed', result: 'No access to the repo' });
    assert.equal(result.status, 'success', result.text);
    assert.equal(
      result.text,
      'Task 1 marked failed. Skipped the tasks that depend on it: 2, 3.\n' +
        '[!] Task 1: Read (Error: No access to the repo)\n[-] Task 2: Change\n[-] Task 3: Test\n' +
        'All tasks are finished (0 completed, 1 failed, 2 skipped). Retry a failed task by setting it back to pending with UpdateTaskStatus, or report with AttemptCompletion.',
    );
    const failedWithoutReason = await update({ task_id: '3', status: 'failed' });
    assert.equal(plan.task('3')?.error, 'Marked failed.', failedWithoutReason.text);
  });

  it('pending retries a failed task and un-skips its dependents', async () => {
    plan.fail('1', 'flaky');
    const result = await update({ task_id: '1', status: 'pending' });
    assert.equal(result.text, 'Task 1 is pending again. No longer skipped: 2, 3.\n[ ] Task 1: Read\n[ ] Task 2: Change\n[ ] Task 3: Test\nCurrent Task: Read (ID: 1)');
    assert.equal(planRegistry.compress('UpdateTaskStatus', { task_id: '1', status: 'pending' }, result), JSON.stringify({ status: 'success', data: 'Task 1 is pending again. No longer skipped: 2, 3.' }));
  });

  it('pending on a task skipped because of a failure says it stays skipped', async () => {
    plan.complete('1', 'ok');
    plan.fail('2', 'broke');
    const result = await update({ task_id: '3', status: 'pending' });
    assert.equal(result.status, 'success');
    assert.match(result.text, /^Task 3 stays skipped: it depends on 2, which failed or was skipped\. Retry the failed task first\.\n/);
    assert.equal(plan.task('3')?.status, 'skipped');
  });

  it('answers an unknown id with the known ids', async () => {
    const result = await update({ task_id: '7', status: 'completed' });
    assert.equal(result.error?.code, 'unknown_task');
    assert.equal(result.error?.message, "Unknown task id '7'. Known ids: 1, 2, 3.");
    assert.deepEqual(JSON.parse(planRegistry.compress('UpdateTaskStatus', { task_id: '7', status: 'completed' }, result)), {
      status: 'error',
      error: { code: 'unknown_task', message: "Unknown task id '7'. Known ids: 1, 2, 3." },
    });
  });

  it('validates the status', async () => {
    const result = await update({ task_id: '1', status: 'skipped' });
    assert.equal(result.error?.code, 'invalid_params');
    assert.match(result.error!.message, /status: Invalid option: expected one of "completed"\|"failed"\|"pending"/);
    assert.equal(plan.task('1')?.status, 'pending');
  });

  it('notifies the plan listeners', async () => {
    const seen: string[] = [];
    plan.onChange((s) => seen.push(s.tasks.map((t) => t.status).join(',')));
    await update({ task_id: '1', status: 'completed' });
    assert.deepEqual(seen, ['completed,pending,pending']);
  });

  it('is refused outside plan mode', async () => {
    delete h.ctx.plan;
    const result = await update({ task_id: '1', status: 'completed' });
    assert.equal(result.error?.code, 'plan_mode_only');
    assert.equal(result.error?.message, 'UpdateTaskStatus is only available in plan mode (start a message with /plan or turn on the Plan mode button).');
  });
});
