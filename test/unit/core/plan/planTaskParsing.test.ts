import { strict as assert } from 'node:assert';
import { parsePlanTasks } from '../../../../src/core/plan/planTaskParsing';
import type { PlanTaskInput } from '../../../../src/core/plan/planTask';

function parsed(raw: unknown): PlanTaskInput[] {
  const result = parsePlanTasks(raw);
  assert.ok(result.ok, result.ok ? '' : result.error);
  return result.tasks;
}

function errorOf(raw: unknown): string {
  const result = parsePlanTasks(raw);
  assert.ok(!result.ok, `expected an error, got ${JSON.stringify(result)}`);
  return result.error;
}

describe('parsePlanTasks', () => {
  describe('JSON', () => {
    it('reads an array of tasks, turning numeric ids into strings', () => {
      const text = '[{"id": 1, "description": "Read", "dependencies": []}, {"id": "2", "description": "Write", "dependencies": [1, "x"]}]';
      assert.deepEqual(parsed(text), [
        { id: '1', description: 'Read', dependencies: [] },
        { id: '2', description: 'Write', dependencies: ['1', 'x'] },
      ]);
    });

    it('takes missing dependencies as none, and a comma-separated string as a list', () => {
      assert.deepEqual(parsed('[{"id": "a", "description": "A"}, {"id": "b", "description": "B", "dependencies": "a, c"}, {"id": "c", "description": "C", "dependencies": null}]'), [
        { id: 'a', description: 'A', dependencies: [] },
        { id: 'b', description: 'B', dependencies: ['a', 'c'] },
        { id: 'c', description: 'C', dependencies: [] },
      ]);
    });

    it('accepts an array value from a native call and an object wrapping the array', () => {
      assert.deepEqual(parsed([{ id: 3, description: 'C', dependencies: 2 }]), [{ id: '3', description: 'C', dependencies: ['2'] }]);
      assert.deepEqual(parsed('{"tasks": [{"id": "1", "description": "A"}]}'), [{ id: '1', description: 'A', dependencies: [] }]);
    });

    it('explains broken JSON with the expected shape', () => {
      const error = errorOf('[{"id": 1, "description": "Read",]');
      assert.match(error, /^tasks is not valid JSON \(.+\)\. tasks must be a JSON array of \{id, description, dependencies\} objects, e\.g\. \[\{"id": "1"/);
      assert.match(error, /or a sequence of <task> elements, e\.g\. <task><id>1<\/id><description>Read the auth module<\/description><dependencies><\/dependencies><\/task>\.$/);
    });

    it('names the task with a missing or malformed field', () => {
      assert.equal(errorOf('[{"id": "1", "description": "A"}, {"description": "B"}]'), 'Task number 2: id must be a non-empty string or a number.');
      assert.equal(errorOf('[{"id": "1"}]'), 'Task number 1: description must be a string.');
      assert.equal(errorOf('[{"id": "1", "description": "A", "dependencies": [true]}]'), 'Task number 1: dependencies[0] must be a non-empty string or a number.');
      assert.equal(errorOf('[{"id": "1", "description": "A", "dependencies": {"x": 1}}]'), 'Task number 1: dependencies must be an array of task ids or a comma-separated list.');
      assert.equal(errorOf('["Read the code"]'), 'Task number 1 is not an object with id, description and dependencies.');
      assert.match(errorOf('{"id": "1", "description": "A"}'), /^tasks must be a JSON array/);
    });
  });

  describe('<task> elements', () => {
    it('reads tasks with whitespace around, in any field order', () => {
      const text = `
<task>
  <id>1</id>
  <description>Read src/auth and list the token code</description>
  <dependencies></dependencies>
</task>
<task><dependencies>1, 3</dependencies><id> 2 </id><description>
Add refresh tokens
</description></task>
<task><id>3</id><description>Write docs</description></task>
`;
      assert.deepEqual(parsed(text), [
        { id: '1', description: 'Read src/auth and list the token code', dependencies: [] },
        { id: '2', description: 'Add refresh tokens', dependencies: ['1', '3'] },
        { id: '3', description: 'Write docs', dependencies: [] },
      ]);
    });

    it('takes a description verbatim, with markup, ampersands and other tags', () => {
      const text = '<task><id>1</id><description>Make `a < b && c > d` hold in <Read> & <task> tags: <id>x</id></description><dependencies/></task>';
      assert.deepEqual(parsed(text), [{ id: '1', description: 'Make `a < b && c > d` hold in <Read> & <task> tags: <id>x</id>', dependencies: [] }]);
    });

    it('reads dependencies written as a JSON array and self-closing empty dependencies', () => {
      assert.deepEqual(parsed('<task><id>2</id><description>B</description><dependencies>["1", 3]</dependencies></task><task><id>4</id><description>D</description><dependencies /></task>'), [
        { id: '2', description: 'B', dependencies: ['1', '3'] },
        { id: '4', description: 'D', dependencies: [] },
      ]);
    });

    it('explains what is wrong with a task element', () => {
      assert.equal(errorOf('<task><description>A</description></task>'), 'Task number 1 has no <id>.');
      assert.equal(errorOf('<task><id>1</id><description>A</description></task><task><id>2</id></task>'), 'Task number 2 (id 2) has no <description>.');
      assert.equal(errorOf('<task><id>1</id><description>A</description>'), 'Task number 1 has no closing </task>.');
      assert.equal(errorOf('<task><id>1</id><description>A</task>'), 'Task number 1: <description> has no closing </description>.');
      assert.equal(errorOf('<task><id>1</id><id>2</id><description>A</description></task>'), 'Task number 1 has more than one <id>.');
      assert.equal(
        errorOf('<task><id>1</id><title>A</title></task>'),
        'Task number 1: unexpected "<title>A</title></task>"; a <task> holds only <id>, <description> and <dependencies>.',
      );
      assert.match(errorOf('Plan:\n<task><id>1</id><description>A</description></task>'), /^Unexpected text outside the <task> elements: "Plan: <task><id>1<\/id><description>A<\/de…"\. tasks must be/);
    });
  });

  it('refuses empty input and anything else, showing both forms', () => {
    assert.match(errorOf('  '), /^tasks is empty: tasks must be a JSON array .* or a sequence of <task> elements/);
    assert.match(errorOf('1. Read the code\n2. Fix it'), /^tasks must be a JSON array of \{id, description, dependencies\} objects/);
    assert.match(errorOf(42), /^tasks must be a JSON array/);
  });
});
