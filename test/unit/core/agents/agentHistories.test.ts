import { strict as assert } from 'node:assert';
import { AgentHistories, AgentHistoriesSnapshot } from '../../../../src/core/agents/agentHistories';
import { HistoryBuilder } from '../history/historyBuilder';

describe('AgentHistories', () => {
  it('keeps a separate history per agent, empty for an agent that never ran', () => {
    const [ask, answer, other] = new HistoryBuilder().user('review a.ts').answer('3 issues').user('run tests').messages;
    const histories = new AgentHistories();
    histories.append('code-review', ask!);
    histories.append('code-review', answer!);
    histories.append('test-runner', other!);
    assert.deepEqual(histories.get('code-review'), [ask, answer]);
    assert.deepEqual(histories.get('test-runner'), [other]);
    assert.deepEqual(histories.get('fix-bugs'), []);
    assert.deepEqual(histories.names(), ['code-review', 'test-runner']);
  });

  it('replaces a history with set, and forgets an agent set to nothing', () => {
    const [a, b] = new HistoryBuilder().user('a').answer('b').messages;
    const histories = new AgentHistories();
    histories.append('x', a!);
    histories.set('x', [b!]);
    assert.deepEqual(histories.get('x'), [b]);
    histories.set('x', []);
    assert.deepEqual(histories.names(), []);
  });

  it('round-trips through a snapshot that survives JSON and the schema', () => {
    const built = new HistoryBuilder().round('native', 'a', 2).round('xml', 'b', 1).messages;
    const messages: typeof built = JSON.parse(JSON.stringify(built)); // the builder leaves `usage: undefined`, which JSON drops
    const histories = new AgentHistories();
    messages.slice(0, 6).forEach((m) => histories.append('native-agent', m));
    messages.slice(6).forEach((m) => histories.append('xml-agent', m));
    const stored = AgentHistoriesSnapshot.parse(JSON.parse(JSON.stringify(histories.toSnapshot())));
    const restored = AgentHistories.fromSnapshot(stored);
    assert.deepEqual(restored.get('native-agent'), messages.slice(0, 6));
    assert.deepEqual(restored.get('xml-agent'), messages.slice(6));
    assert.deepEqual(restored.toSnapshot(), histories.toSnapshot());
    assert.deepEqual(AgentHistories.fromSnapshot(undefined).names(), []);
  });

  it('does not let a snapshot alias the live history', () => {
    const [a, b] = new HistoryBuilder().user('a').answer('b').messages;
    const histories = new AgentHistories();
    histories.append('x', a!);
    const snapshot = histories.toSnapshot();
    histories.append('x', b!);
    assert.equal(snapshot['x']!.length, 1);
  });

  it('rejects a snapshot whose messages are malformed', () => {
    assert.equal(AgentHistoriesSnapshot.safeParse({ x: [{ id: 'm', kind: 'user' }] }).success, false);
    assert.equal(AgentHistoriesSnapshot.safeParse({ x: 'hello' }).success, false);
  });
});
