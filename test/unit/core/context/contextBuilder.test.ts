import { strict as assert } from 'node:assert';
import { buildLayeredContext } from '../../../../src/core/context/contextBuilder';
import { renderContextDocument } from '../../../../src/core/context/contextDocument';

describe('context builder', () => {
  const parts = {
    system: 'SYS',
    rules: '# Project rules\nuse tabs',
    history: [{ role: 'system' as const, content: '## 📌 Archived Session Summary' }, { role: 'user' as const, content: 'old q' }, { role: 'assistant' as const, content: 'old a' }],
    userInput: 'now',
    scratchpad: [{ role: 'assistant' as const, content: '<Read><path>a</path></Read>' }, { role: 'user' as const, content: '<tool_result tool="Read" status="success">\n1\tx\n</tool_result>' }],
    todoRecap: '[ ] 1. test it',
  };

  it('orders L1 → L2 → L3 → input → this turn → todo recap', () => {
    const layered = buildLayeredContext(parts);
    assert.deepEqual(layered.map((l) => l.layer), ['L1', 'L2', 'L3', 'L3', 'L3', 'input', 'turn', 'turn', 'todo']);
    assert.deepEqual(layered.map((l) => l.message.role), ['system', 'system', 'system', 'user', 'assistant', 'user', 'assistant', 'user', 'user']);
    assert.equal(layered[5]!.message.content, 'now');
    assert.match(layered.at(-1)!.message.content, /^<system-reminder>\nCurrent todo list:\n\[ \] 1\. test it/);
  });

  it('omits empty rules and an empty todo recap', () => {
    const layered = buildLayeredContext({ ...parts, rules: '  ', todoRecap: '' });
    assert.deepEqual(layered.map((l) => l.layer), ['L1', 'L3', 'L3', 'L3', 'input', 'turn', 'turn']);
  });

  it('renders the exact request with each layer marked and every message verbatim', () => {
    const doc = renderContextDocument(buildLayeredContext(parts), { model: 'm', at: '2026-01-01T00:00:00Z' });
    const order = ['L1 · system prompt', 'L2 · project rules', 'L3 · history', 'Current user input', 'This turn so far', 'Todo recap'].map((t) => doc.indexOf(t));
    assert.ok(order.every((i, k) => i > 0 && (k === 0 || i > order[k - 1]!)), String(order));
    assert.ok(doc.includes('use tabs') && doc.includes('old a') && doc.includes('1\tx'));
  });
});
