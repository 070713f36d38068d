import { strict as assert } from 'node:assert';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import { formatTodoList, todoRecap } from '../../../../src/core/tools/todoStore';
import { makeHarness, TempWorkspace, type Harness } from './toolTestKit';

const registry = createDefaultToolRegistry();

describe('TodoWrite, AskUser, AttemptCompletion', () => {
  let ws: TempWorkspace;
  let h: Harness;
  beforeEach(async () => {
    ws = await TempWorkspace.create();
    h = makeHarness(ws);
  });
  afterEach(() => ws.cleanup());

  it('TodoWrite replaces the list, notifies listeners and returns a recap', async () => {
    const seen: number[] = [];
    h.todos.onChange((todos) => seen.push(todos.length));
    const todos = [
      { content: 'Write the parser', status: 'completed' },
      { content: 'Test it', status: 'in_progress' },
      { content: 'Document it', status: 'pending' },
    ];
    const result = await registry.invoke('TodoWrite', { todos: JSON.stringify(todos) }, h.ctx);
    assert.equal(result.status, 'success', result.text);
    assert.deepEqual(h.todos.get(), todos);
    assert.deepEqual(seen, [3]);
    assert.equal(result.text, 'Todo list updated. 3 todos: 1 completed, 1 in progress, 1 pending; current: Test it.\n[x] 1. Write the parser\n[>] 2. Test it\n[ ] 3. Document it');
    assert.equal(
      registry.compress('TodoWrite', { todos }, result),
      JSON.stringify({ status: 'success', data: { recap: '3 todos: 1 completed, 1 in progress, 1 pending; current: Test it.' } }),
    );
  });

  it('TodoWrite accepts todos as nested XML tags and refuses unknown statuses', async () => {
    const xml = '<todo><content>Fix bug</content><status>in_progress</status></todo>\n<todo><content>Ship</content><status>pending</status></todo>';
    const ok = await registry.invoke('TodoWrite', { todos: xml }, h.ctx);
    assert.equal(ok.status, 'success', ok.text);
    assert.deepEqual(h.todos.get().map((t) => t.content), ['Fix bug', 'Ship']);
    const bad = await registry.invoke('TodoWrite', { todos: [{ content: 'x', status: 'done' }] }, h.ctx);
    assert.equal(bad.error?.code, 'invalid_params');
    assert.match(bad.error!.message, /todos\.0\.status: Invalid option: expected one of "pending"\|"in_progress"\|"completed"/);
  });

  it('formats and recaps an empty list', () => {
    assert.equal(todoRecap([]), 'Todo list cleared.');
    assert.equal(formatTodoList([]), 'The todo list is empty.');
  });

  it('AskUser passes the question and options and returns the answer', async () => {
    h.answer = 'On disk';
    const result = await registry.invoke('AskUser', { question: 'Where should the cache live?', options: '["In memory", "On disk"]' }, h.ctx);
    assert.equal(result.status, 'success');
    assert.deepEqual(h.questions, [{ question: 'Where should the cache live?', options: ['In memory', 'On disk'] }]);
    assert.equal(result.text, 'The user answered: On disk');
    assert.deepEqual(JSON.parse(registry.compress('AskUser', { question: 'Where should the cache live?' }, result)), {
      status: 'success',
      data: { question: 'Where should the cache live?', answer: 'On disk' },
    });
  });

  it('AskUser takes options as tags or lines too, and none at all', async () => {
    await registry.invoke('AskUser', { question: 'Pick', options: '<option>A</option><option>B</option>' }, h.ctx);
    await registry.invoke('AskUser', { question: 'Pick', options: 'A\nB\n' }, h.ctx);
    await registry.invoke('AskUser', { question: 'Free?' }, h.ctx);
    assert.deepEqual(h.questions.map((q) => q.options), [['A', 'B'], ['A', 'B'], undefined]);
  });

  it('AskUser is cancelled when the turn is', async () => {
    h.ctx.askUser = async () => {
      h.controller.abort();
      return 'late';
    };
    const result = await registry.invoke('AskUser', { question: 'Q?' }, h.ctx);
    assert.equal(result.error?.code, 'cancelled');
  });

  it('AttemptCompletion returns the result and keeps it in history', async () => {
    const result = await registry.invoke('AttemptCompletion', { result: 'Done: added retries.' }, h.ctx);
    assert.equal(result.status, 'success');
    assert.equal(result.text, 'Done: added retries.');
    assert.deepEqual(JSON.parse(registry.compress('AttemptCompletion', { result: 'Done: added retries.' }, result)), {
      status: 'success',
      data: { result: 'Done: added retries.' },
    });
    assert.equal(h.approvals.length, 0);
  });
});
