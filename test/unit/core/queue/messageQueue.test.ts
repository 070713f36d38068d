import { strict as assert } from 'node:assert';
import type { TurnEnd } from '../../../../src/core/contracts/turnRecord';
import { MessageQueue } from '../../../../src/core/queue/messageQueue';
import { nextTurnMessage, runQueuedTurns } from '../../../../src/core/queue/queuedTurns';

describe('MessageQueue and runQueuedTurns (spec §16 queue and steer)', () => {
  const queue = () => {
    let n = 0;
    return new MessageQueue(() => String(++n));
  };

  it('keeps messages in the order sent; takeAll empties it and tells its listeners', () => {
    const q = queue();
    const seen: string[][] = [];
    q.onChange((items) => seen.push(items.map((m) => m.text)));
    q.add('one');
    q.add('two');
    assert.deepEqual(q.takeAll().map((m) => m.text), ['one', 'two']);
    assert.equal(q.size, 0);
    assert.deepEqual(q.takeAll(), [], 'nothing taken twice');
    assert.deepEqual(seen, [['one'], ['one', 'two'], []]);
  });

  it('removes a message by id; a message already taken cannot be removed', () => {
    const q = queue();
    const a = q.add('a');
    const b = q.add('b');
    assert.notEqual(a.id, b.id);
    assert.equal(q.remove(a.id), true);
    assert.deepEqual(q.messages.map((m) => m.text), ['b']);
    q.takeAll();
    assert.equal(q.remove(b.id), false);
  });

  it('a restored queue keeps its messages and ids', () => {
    const q = new MessageQueue(() => 'x', [{ id: 'q-1', text: 'kept' }]);
    assert.deepEqual(q.takeFirst(), { id: 'q-1', text: 'kept' });
  });

  it('when a turn ends, the first message still queued starts the next turn, and so on until the queue is empty', async () => {
    const q = queue();
    const ran: string[] = [];
    await runQueuedTurns(q, { text: 'first' }, async ({ text }) => {
      ran.push(text);
      if (text === 'first') {
        q.add('second');
        q.add('third');
      }
      return 'answered';
    });
    assert.deepEqual(ran, ['first', 'second', 'third']);
    assert.equal(q.size, 0);
  });

  it('a stopped turn starts nothing: Stop keeps the queued messages', async () => {
    const q = queue();
    const ran: string[] = [];
    await runQueuedTurns(q, { text: 'first' }, async ({ text }): Promise<TurnEnd> => {
      ran.push(text);
      q.add('waits');
      return 'cancelled';
    });
    assert.deepEqual(ran, ['first']);
    assert.deepEqual(q.messages.map((m) => m.text), ['waits']);
  });

  it('a turn that ended in an error still lets the queued message start the next turn', async () => {
    const q = queue();
    const ran: string[] = [];
    await runQueuedTurns(q, { text: 'first' }, async ({ text }): Promise<TurnEnd> => {
      ran.push(text);
      if (text === 'first') q.add('next');
      return text === 'first' ? 'error' : 'answered';
    });
    assert.deepEqual(ran, ['first', 'next']);
  });

  it('a message sent while nothing runs goes behind the ones a stopped turn left queued', () => {
    const q = queue();
    assert.equal(nextTurnMessage(q, { text: 'alone' }).text, 'alone');
    assert.equal(q.size, 0);
    q.add('older');
    assert.equal(nextTurnMessage(q, { text: 'newer' }).text, 'older');
    assert.deepEqual(q.messages.map((m) => m.text), ['newer']);
  });
});
