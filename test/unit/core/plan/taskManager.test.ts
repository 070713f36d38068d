import { strict as assert } from 'node:assert';
import { planSnapshotSchema, type PlanSnapshot } from '../../../../src/core/plan/planSnapshot';
import type { PlanTaskInput, TaskStatus } from '../../../../src/core/plan/planTask';
import { TaskManager } from '../../../../src/core/plan/taskManager';

function task(id: string, ...dependencies: string[]): PlanTaskInput {
  return { id, description: `Do ${id}`, dependencies };
}

function planned(...tasks: PlanTaskInput[]): TaskManager {
  const manager = new TaskManager();
  assert.equal(manager.setPlan(tasks), undefined);
  return manager;
}

function statuses(manager: TaskManager): Record<string, TaskStatus> {
  return Object.fromEntries(manager.tasks().map((t) => [t.id, t.status]));
}

/** Runs a task to completion the way the Task tool does. */
function run(manager: TaskManager, id: string, result = `did ${id}`): void {
  assert.equal(manager.start(id), undefined);
  manager.complete(id, result);
}

const diamond = () => planned(task('a'), task('b', 'a'), task('c', 'a'), task('d', 'b', 'c'), task('e'));

describe('TaskManager', () => {
  describe('setPlan', () => {
    it('stores the tasks in topological order, all pending', () => {
      const manager = planned(task('2', '1'), task('1'), task('3'));
      assert.deepEqual(manager.tasks(), [
        { id: '1', description: 'Do 1', dependencies: [], status: 'pending' },
        { id: '2', description: 'Do 2', dependencies: ['1'], status: 'pending' },
        { id: '3', description: 'Do 3', dependencies: [], status: 'pending' },
      ]);
    });

    it('trims ids and descriptions and drops repeated dependencies', () => {
      const manager = planned({ id: ' 1 ', description: ' Read ', dependencies: [] }, { id: '2', description: 'Write', dependencies: [' 1', '1 ', ''] });
      assert.deepEqual(manager.tasks().map((t) => [t.id, t.description, t.dependencies]), [['1', 'Read', []], ['2', 'Write', ['1']]]);
    });

    it('refuses an invalid plan and keeps the current one', () => {
      const manager = planned(task('1'));
      assert.equal(manager.setPlan([task('1', '2'), task('2', '1')]), 'Invalid plan:\n- Dependency cycle: 1 → 2 → 1 (each task depends on the next).');
      assert.match(manager.setPlan([task('1', '9')])!, /Task 1 depends on unknown task '9'/);
      assert.deepEqual(manager.tasks().map((t) => t.id), ['1']);
    });

    it('replaces the plan, keeping the progress of tasks resent unchanged', () => {
      const manager = planned(task('1'), task('2', '1'), task('3', '2'));
      run(manager, '1', 'found it');
      assert.equal(manager.setPlan([task('1'), { id: '2', description: 'Do 2 differently', dependencies: ['1'] }, task('4', '2')]), undefined);
      assert.deepEqual(manager.tasks(), [
        { id: '1', description: 'Do 1', dependencies: [], status: 'completed', result: 'found it' },
        { id: '2', description: 'Do 2 differently', dependencies: ['1'], status: 'pending' },
        { id: '4', description: 'Do 4', dependencies: ['2'], status: 'pending' },
      ]);
    });

    it('skips the dependents of a failed task kept by a new plan', () => {
      const manager = planned(task('1'));
      manager.fail('1', 'no access');
      assert.equal(manager.setPlan([task('1'), task('2', '1')]), undefined);
      assert.deepEqual(statuses(manager), { '1': 'failed', '2': 'skipped' });
    });
  });

  describe('next task and progress', () => {
    it('offers the first pending task whose dependencies are completed', () => {
      const manager = planned(task('1'), task('2', '1'), task('3'));
      assert.equal(manager.nextReady()?.id, '1');
      assert.equal(manager.start('1'), undefined);
      assert.equal(manager.nextReady()?.id, '3', 'task 2 waits for the running task 1');
      manager.complete('1', 'ok');
      assert.equal(manager.nextReady()?.id, '2');
      run(manager, '2');
      run(manager, '3');
      assert.equal(manager.nextReady(), undefined);
      assert.equal(manager.isDone(), true);
    });

    it('is done only when nothing is pending or in progress', () => {
      const manager = planned(task('1'), task('2', '1'));
      assert.equal(manager.isDone(), false);
      assert.equal(manager.start('1'), undefined);
      assert.equal(manager.isDone(), false);
      manager.fail('1', 'broken');
      assert.equal(manager.isDone(), true, 'failed and skipped tasks are finished');
      assert.equal(new TaskManager().isDone(), true);
    });

    it('start refuses unknown ids, running or completed tasks and unmet dependencies', () => {
      const manager = planned(task('1'), task('2', '1'));
      assert.equal(manager.start('9'), "Unknown task id '9'. Known ids: 1, 2.");
      assert.equal(manager.start('2'), 'Task 2 cannot start yet: it depends on task 1 (pending).');
      assert.equal(manager.start('1'), undefined);
      assert.equal(manager.start('1'), 'Task 1 is already in progress.');
      assert.equal(manager.start('2'), 'Task 2 cannot start yet: it depends on task 1 (in progress).');
      manager.complete('1', 'ok');
      assert.equal(manager.start('1'), 'Task 1 is already completed. To run it again, first set it back to pending with UpdateTaskStatus.');
      assert.equal(new TaskManager().start('1'), "Unknown task id '1': there is no plan yet. Make one with PlanTask.");
    });

    it('start refuses a skipped task, naming the dependency that failed', () => {
      const manager = planned(task('1'), task('2', '1'));
      manager.fail('1', 'broken');
      assert.equal(manager.start('2'), 'Task 2 was skipped because it depends on task 1 (failed). Retry that first.');
    });

    it('start retries a failed task directly, and its dependents wait again', () => {
      const manager = planned(task('1'), task('2', '1'));
      manager.fail('1', 'flaky');
      assert.equal(manager.start('1'), undefined);
      assert.deepEqual(manager.task('1'), { id: '1', description: 'Do 1', dependencies: [], status: 'in_progress' });
      assert.equal(manager.task('2')?.status, 'pending');
    });

    it('complete and fail ignore ids the plan no longer has', () => {
      const manager = planned(task('1'));
      const seen: PlanSnapshot[] = [];
      manager.onChange((s) => seen.push(s));
      manager.complete('old', 'x');
      manager.fail('old', 'x');
      assert.deepEqual(statuses(manager), { '1': 'pending' });
      assert.equal(seen.length, 0);
    });
  });

  describe('failure and retry', () => {
    it('a failure skips a chain of dependents transitively', () => {
      const manager = planned(task('1'), task('2', '1'), task('3', '2'), task('4', '3'), task('5'));
      run(manager, '1');
      assert.equal(manager.start('2'), undefined);
      manager.fail('2', 'compile error');
      assert.deepEqual(statuses(manager), { '1': 'completed', '2': 'failed', '3': 'skipped', '4': 'skipped', '5': 'pending' });
      assert.deepEqual(manager.task('2'), { id: '2', description: 'Do 2', dependencies: ['1'], status: 'failed', error: 'compile error' });
      assert.equal(manager.nextReady()?.id, '5');
    });

    it('a failure in a diamond skips both branches and the join, not the unrelated task', () => {
      const manager = diamond();
      manager.fail('a', 'no repo');
      assert.deepEqual(statuses(manager), { a: 'failed', b: 'skipped', c: 'skipped', d: 'skipped', e: 'pending' });
    });

    it('a failed branch of a diamond skips the join only', () => {
      const manager = diamond();
      run(manager, 'a');
      run(manager, 'b');
      manager.fail('c', 'timeout');
      assert.deepEqual(statuses(manager), { a: 'completed', b: 'completed', c: 'failed', d: 'skipped', e: 'pending' });
    });

    it('reset puts a failed task back to pending and un-skips its dependents', () => {
      const manager = diamond();
      manager.fail('a', 'no repo');
      assert.equal(manager.reset('a'), undefined);
      assert.deepEqual(statuses(manager), { a: 'pending', b: 'pending', c: 'pending', d: 'pending', e: 'pending' });
      assert.deepEqual(manager.task('a'), { id: 'a', description: 'Do a', dependencies: [], status: 'pending' });
      assert.equal(manager.nextReady()?.id, 'a');
    });

    it('reset of one failed branch leaves the join skipped while the other branch is still failed', () => {
      const manager = diamond();
      run(manager, 'a');
      manager.fail('b', 'x');
      manager.fail('c', 'y');
      assert.equal(manager.reset('b'), undefined);
      assert.deepEqual(statuses(manager), { a: 'completed', b: 'pending', c: 'failed', d: 'skipped', e: 'pending' });
      manager.reset('c');
      assert.equal(statuses(manager).d, 'pending');
    });

    it('reset of a skipped task keeps it skipped while its dependency is failed', () => {
      const manager = planned(task('1'), task('2', '1'));
      manager.fail('1', 'x');
      assert.equal(manager.reset('2'), undefined);
      assert.equal(manager.task('2')?.status, 'skipped');
      assert.equal(manager.reset('9'), "Unknown task id '9'. Known ids: 1, 2.");
    });

    it('completing a failed task by hand un-skips its dependents', () => {
      const manager = planned(task('1'), task('2', '1'));
      manager.fail('1', 'x');
      manager.complete('1', 'done by hand');
      assert.deepEqual(manager.task('1'), { id: '1', description: 'Do 1', dependencies: [], status: 'completed', result: 'done by hand' });
      assert.equal(manager.task('2')?.status, 'pending');
    });

    it('interruptRunning fails the tasks in progress with the reason and skips their dependents', () => {
      const manager = planned(task('1'), task('2'), task('3', '2'), task('4', '1'));
      assert.equal(manager.start('1'), undefined);
      assert.equal(manager.start('2'), undefined);
      assert.deepEqual(manager.interruptRunning('The window was reloaded while the sub-agent ran.'), ['1', '2']);
      assert.deepEqual(statuses(manager), { '1': 'failed', '2': 'failed', '3': 'skipped', '4': 'skipped' });
      assert.equal(manager.task('2')?.error, 'The window was reloaded while the sub-agent ran.');
      assert.deepEqual(manager.interruptRunning('again'), []);
    });
  });

  describe('summary and footer', () => {
    it('summarises every status in the spec format and names the next task', () => {
      const manager = planned(task('1'), task('2'), task('3'), task('4'), task('5', '4'));
      run(manager, '1', 'Done');
      assert.equal(manager.start('2'), undefined);
      manager.fail('4', 'Broke');
      assert.equal(manager.summary(), '[X] Task 1: Do 1 (Result: Done)\n[>] Task 2: Do 2\n[ ] Task 3: Do 3\n[!] Task 4: Do 4 (Error: Broke)\n[-] Task 5: Do 5');
      assert.equal(manager.footer(), `${manager.summary()}\nCurrent Task: Do 3 (ID: 3)`);
    });
  });

  describe('persistence and change notifications', () => {
    it('round-trips a snapshot through JSON and the schema', () => {
      const manager = diamond();
      run(manager, 'a', 'found it');
      assert.equal(manager.start('b'), undefined);
      manager.fail('c', 'boom');
      const stored = JSON.parse(JSON.stringify(manager.snapshot())) as unknown;
      const parsed = planSnapshotSchema.parse(stored);
      const restored = TaskManager.fromSnapshot(parsed);
      assert.deepEqual(restored.snapshot(), manager.snapshot());
      assert.equal(restored.footer(), manager.footer());
      assert.deepEqual(statuses(restored), { a: 'completed', b: 'in_progress', c: 'failed', d: 'skipped', e: 'pending' });
    });

    it('the snapshot is a copy', () => {
      const manager = planned(task('1'));
      const snapshot = manager.snapshot();
      snapshot.tasks[0]!.status = 'completed';
      snapshot.tasks[0]!.dependencies.push('x');
      assert.deepEqual(manager.task('1'), { id: '1', description: 'Do 1', dependencies: [], status: 'pending' });
    });

    it('the schema refuses an unknown status, and fromSnapshot an invalid graph', () => {
      assert.equal(planSnapshotSchema.safeParse({ tasks: [{ id: '1', description: 'x', dependencies: [], status: 'done' }] }).success, false);
      assert.throws(
        () => TaskManager.fromSnapshot({ tasks: [{ id: '1', description: 'x', dependencies: ['1'], status: 'pending' }] }),
        /The stored plan is invalid\. Invalid plan:\n- Task 1 depends on itself\./,
      );
      assert.deepEqual(TaskManager.fromSnapshot({ tasks: [] }).tasks(), []);
    });

    it('calls listeners after every change with the new state, until unsubscribed', () => {
      const manager = new TaskManager();
      const seen: string[] = [];
      const unsubscribe = manager.onChange((s) => seen.push(s.tasks.map((t) => `${t.id}:${t.status}`).join(',')));
      manager.setPlan([task('1'), task('2', '1')]);
      manager.start('1');
      manager.fail('1', 'x');
      manager.reset('1');
      manager.start('1');
      manager.complete('1', 'ok');
      manager.interruptRunning('reload');
      manager.start('2');
      manager.interruptRunning('reload');
      assert.deepEqual(seen, [
        '1:pending,2:pending',
        '1:in_progress,2:pending',
        '1:failed,2:skipped',
        '1:pending,2:pending',
        '1:in_progress,2:pending',
        '1:completed,2:pending',
        '1:completed,2:in_progress',
        '1:completed,2:failed',
      ]);
      unsubscribe();
      manager.reset('2');
      assert.equal(seen.length, 8);
    });

    it('does not notify for refused changes', () => {
      const manager = planned(task('1'), task('2', '1'));
      let calls = 0;
      manager.onChange(() => calls++);
      manager.setPlan([task('1', '1')]);
      manager.start('2');
      manager.start('9');
      manager.reset('9');
      assert.equal(calls, 0);
    });
  });
});
