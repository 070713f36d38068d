import { strict as assert } from 'node:assert';
import { splitIntoRounds } from '../../../../src/core/history/rounds';
import { HistoryBuilder } from './historyBuilder';

describe('splitIntoRounds', () => {
  it('opens a round only at user messages: xml tool results travel as role user but stay in their round', () => {
    const h = new HistoryBuilder().round('xml', 'a', 3).round('xml', 'b', 0).round('xml', 'c', 2).messages;
    assert.ok(h.some((m) => m.role === 'user' && m.kind === 'toolResult'), 'precondition: xml results are role user');
    const { archived, rounds } = splitIntoRounds(h);
    assert.deepEqual(archived, []);
    assert.deepEqual(rounds.map((r) => r.length), [1 + 6 + 1, 2, 1 + 4 + 1]);
    assert.ok(rounds.every((r) => r[0]!.kind === 'user' && r.at(-1)!.kind === 'assistant'));
    assert.deepEqual(rounds.flat(), h);
  });

  it('keeps native tool messages (role tool) in the round of their call', () => {
    const h = new HistoryBuilder().round('native', 'a', 2).round('native', 'b', 5).messages;
    const { rounds } = splitIntoRounds(h);
    assert.deepEqual(rounds.map((r) => r.length), [6, 12]);
    assert.deepEqual(rounds[1]!.filter((m) => m.role === 'tool').length, 5);
  });

  it('treats leading summaries as archived, not as a round', () => {
    const h = new HistoryBuilder().summary('S1').summary('S2').round('xml', 'a', 1).round('xml', 'b', 1).messages;
    const { archived, rounds } = splitIntoRounds(h);
    assert.deepEqual(archived.map((m) => m.content), ['S1', 'S2']);
    assert.equal(rounds.length, 2);
    assert.ok(rounds.flat().every((m) => m.kind !== 'summary'));
  });

  it('archives everything up to the last summary, wherever it is', () => {
    const h = new HistoryBuilder().summary('S1').round('xml', 'old', 1).summary('S2').round('xml', 'new', 1).messages;
    const { archived, rounds } = splitIntoRounds(h);
    assert.equal(archived.at(-1)!.content, 'S2');
    assert.equal(archived.length, 1 + 4 + 1);
    assert.equal(rounds.length, 1);
  });

  it('gives messages before the first user message (an orphaned tail of a round) a round of their own', () => {
    const b = new HistoryBuilder().summary('S');
    b.toolStep('native', 'Read', { path: 'x' }, 'x').answer('done');
    b.round('native', 'a', 1);
    const { rounds } = splitIntoRounds(b.messages);
    assert.deepEqual(rounds.map((r) => r[0]!.kind), ['assistant', 'user']);
    assert.deepEqual(rounds.map((r) => r.length), [3, 4]);
  });

  it('handles an empty history', () => {
    assert.deepEqual(splitIntoRounds([]), { archived: [], rounds: [] });
  });
});
