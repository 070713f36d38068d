import { strict as assert } from 'node:assert';
import { oneLine, planFooter, planSummary } from '../../../../src/core/plan/planSummary';
import type { PlanTaskState } from '../../../../src/core/plan/planTask';

const plan: PlanTaskState[] = [
  { id: '1', description: 'Read the auth module', dependencies: [], status: 'completed', result: 'Tokens are made in\n  login.ts' },
  { id: '2', description: 'Design the token schema', dependencies: ['1'], status: 'in_progress' },
  { id: '3', description: 'Write the docs', dependencies: [], status: 'pending' },
  { id: '4', description: 'Implement login', dependencies: ['2'], status: 'failed', error: 'tests fail' },
  { id: '5', description: 'Test login', dependencies: ['4'], status: 'skipped' },
];

describe('planSummary', () => {
  it('writes one line per task with its mark, result and error', () => {
    assert.equal(
      planSummary(plan),
      [
        '[X] Task 1: Read the auth module (Result: Tokens are made in login.ts)',
        '[>] Task 2: Design the token schema',
        '[ ] Task 3: Write the docs',
        '[!] Task 4: Implement login (Error: tests fail)',
        '[-] Task 5: Test login',
      ].join('\n'),
    );
  });

  it('shortens a long result to one line of 200 characters ending in …', () => {
    const long = `${'word '.repeat(30)}\n${'x'.repeat(300)}`;
    const line = planSummary([{ id: '1', description: 'Scan', dependencies: [], status: 'completed', result: long }]);
    const result = /\(Result: (.*)\)$/.exec(line)![1]!;
    assert.equal(result.length, 200);
    assert.ok(result.endsWith('…'));
    assert.ok(result.startsWith('word word '));
    assert.ok(!line.includes('\n'));
  });

  it('leaves out an empty result or error, and a stale one of another status', () => {
    assert.equal(planSummary([{ id: '1', description: 'A', dependencies: [], status: 'completed', result: ' ' }]), '[X] Task 1: A');
    assert.equal(planSummary([{ id: '1', description: 'A', dependencies: [], status: 'failed' }]), '[!] Task 1: A');
    assert.equal(planSummary([{ id: '1', description: 'A', dependencies: [], status: 'pending', error: 'old' }]), '[ ] Task 1: A');
  });

  it('says when there is no plan', () => {
    assert.equal(planSummary([]), 'No plan yet.');
  });

  it('oneLine collapses whitespace and cuts at the limit', () => {
    assert.equal(oneLine('  a\n\tb  c '), 'a b c');
    assert.equal(oneLine('abcdef', 4), 'abc…');
    assert.equal(oneLine('abcd', 4), 'abcd');
  });
});

describe('planFooter', () => {
  const task = (id: string, status: PlanTaskState['status']): PlanTaskState => ({ id, description: `Task ${id} work`, dependencies: [], status });

  it('names the next ready task', () => {
    const tasks = [task('1', 'completed'), task('2', 'pending')];
    assert.equal(planFooter(tasks, tasks[1]), '[X] Task 1: Task 1 work\n[ ] Task 2: Task 2 work\nCurrent Task: Task 2 work (ID: 2)');
  });

  it('waits for tasks in progress', () => {
    assert.match(planFooter([task('1', 'in_progress'), task('2', 'pending')], undefined), /\nNo task is ready yet: waiting for the task in progress \(ID: 1\); 1 pending\.$/);
    assert.match(planFooter([task('1', 'in_progress'), task('2', 'in_progress')], undefined), /\nNo task is ready yet: waiting for the tasks in progress \(IDs: 1, 2\)\.$/);
  });

  it('says every task is finished, with the failed and skipped counts', () => {
    assert.equal(
      planFooter([task('1', 'completed'), task('2', 'completed')], undefined),
      '[X] Task 1: Task 1 work\n[X] Task 2: Task 2 work\nAll tasks are finished (2 completed). Check the results and report with AttemptCompletion.',
    );
    assert.match(
      planFooter([task('1', 'completed'), task('2', 'failed'), task('3', 'skipped'), task('4', 'skipped')], undefined),
      /\nAll tasks are finished \(1 completed, 1 failed, 2 skipped\)\. Retry a failed task by setting it back to pending with UpdateTaskStatus, or report with AttemptCompletion\.$/,
    );
  });

  it('asks for a plan when there is none', () => {
    assert.equal(planFooter([], undefined), 'No plan yet.\nMake a plan with PlanTask.');
  });
});
