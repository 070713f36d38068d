import { strict as assert } from 'node:assert';
import type { PlanTaskInput } from '../../../../src/core/plan/planTask';
import { orderTasks } from '../../../../src/core/plan/taskOrder';

function task(id: string, ...dependencies: string[]): PlanTaskInput {
  return { id, description: `Do ${id}`, dependencies };
}

function ids(tasks: readonly PlanTaskInput[]): string[] {
  const ordering = orderTasks(tasks);
  assert.ok(ordering.ok, ordering.ok ? '' : ordering.error);
  return ordering.tasks.map((t) => t.id);
}

function errorOf(tasks: readonly PlanTaskInput[]): string {
  const ordering = orderTasks(tasks);
  assert.ok(!ordering.ok, 'expected the plan to be refused');
  return ordering.error;
}

describe('orderTasks', () => {
  it('keeps the model order where dependencies allow it', () => {
    assert.deepEqual(ids([task('1'), task('2', '1'), task('3')]), ['1', '2', '3']);
    assert.deepEqual(ids([task('a'), task('b'), task('c')]), ['a', 'b', 'c']);
  });

  it('moves a task after the dependencies listed below it, and no further', () => {
    assert.deepEqual(ids([task('3', '2'), task('1'), task('2', '1'), task('4')]), ['1', '2', '3', '4']);
    assert.deepEqual(ids([task('x', 'z'), task('y'), task('z')]), ['y', 'z', 'x']);
  });

  it('orders a diamond', () => {
    assert.deepEqual(ids([task('d', 'b', 'c'), task('c', 'a'), task('b', 'a'), task('a')]), ['a', 'c', 'b', 'd']);
  });

  it('names a duplicate id once', () => {
    assert.equal(errorOf([task('1'), task('2'), task('1'), task('1')]), "Invalid plan:\n- Duplicate task id '1': every task needs its own id.");
  });

  it('names an unknown dependency and the task that refers to it', () => {
    assert.equal(errorOf([task('1'), task('2', '1', '7')]), "Invalid plan:\n- Task 2 depends on unknown task '7'.");
  });

  it('names a self-dependency', () => {
    assert.equal(errorOf([task('1'), task('2', '2')]), 'Invalid plan:\n- Task 2 depends on itself.');
  });

  it('lists every problem of the graph at once', () => {
    assert.equal(
      errorOf([task('1', '1'), task('1'), task('3', 'x')]),
      "Invalid plan:\n- Duplicate task id '1': every task needs its own id.\n- Task 1 depends on itself.\n- Task 3 depends on unknown task 'x'.",
    );
  });

  it('names a cycle in order, starting from the task listed first', () => {
    assert.equal(errorOf([task('1', '2'), task('2', '3'), task('3', '1')]), 'Invalid plan:\n- Dependency cycle: 1 → 2 → 3 → 1 (each task depends on the next).');
    assert.equal(errorOf([task('0'), task('4', '0', '6'), task('5', '4'), task('6', '5')]), 'Invalid plan:\n- Dependency cycle: 4 → 6 → 5 → 4 (each task depends on the next).');
  });

  it('finds a cycle behind a task that only leads into it', () => {
    assert.equal(errorOf([task('a', 'b'), task('b', 'c'), task('c', 'b')]), 'Invalid plan:\n- Dependency cycle: b → c → b (each task depends on the next).');
  });

  it('refuses an empty plan, empty ids and empty descriptions', () => {
    assert.equal(errorOf([]), 'Invalid plan:\n- A plan needs at least one task.');
    assert.equal(
      errorOf([{ id: ' ', description: 'x', dependencies: [] }, { id: '2', description: ' ', dependencies: [] }]),
      'Invalid plan:\n- Task number 1 has an empty id.\n- Task 2 has an empty description.',
    );
  });
});
