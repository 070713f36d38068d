import * as assert from 'node:assert/strict';
import type { HostMessage } from '../../../src/protocol/messages';
import { DeltaCoalescer } from '../../../src/vscode/deltaCoalescer';
import { until } from '../../support/until';

/** A manual clock: scheduled callbacks run when the test says so. */
function manualSchedule() {
  const due: Array<{ callback: () => void; cancelled: boolean }> = [];
  return {
    schedule: (callback: () => void) => {
      const timer = { callback, cancelled: false };
      due.push(timer);
      return { cancel: () => void (timer.cancelled = true) };
    },
    fire: () => {
      for (const timer of due.splice(0)) if (!timer.cancelled) timer.callback();
    },
  };
}

const append = (id: string, delta: string): HostMessage => ({ type: 'entryAppended', id, delta });

describe('DeltaCoalescer', () => {
  it('posts a burst of deltas of one entry as one message when the interval ends', () => {
    const posted: HostMessage[] = [];
    const clock = manualSchedule();
    const coalescer = new DeltaCoalescer((m) => posted.push(m), 16, clock.schedule);
    for (const delta of ['Hel', 'lo', ', ', 'world']) coalescer.send(append('a1', delta));
    assert.deepEqual(posted, []);
    clock.fire();
    assert.deepEqual(posted, [append('a1', 'Hello, world')]);
    coalescer.send(append('a1', '!'));
    clock.fire();
    assert.deepEqual(posted.at(-1), append('a1', '!'));
  });

  it('keeps the order: another message first delivers the deltas before it', () => {
    const posted: HostMessage[] = [];
    const clock = manualSchedule();
    const coalescer = new DeltaCoalescer((m) => posted.push(m), 16, clock.schedule);
    coalescer.send(append('a1', 'one '));
    coalescer.send(append('a1', 'two'));
    coalescer.send({ type: 'busy', busy: false });
    coalescer.send(append('a2', 'x'));
    coalescer.send(append('a3', 'y'));
    clock.fire();
    assert.deepEqual(posted, [append('a1', 'one two'), { type: 'busy', busy: false }, append('a2', 'x'), append('a3', 'y')]);
  });

  it('drops what waits when the view goes away, and posts nothing later', () => {
    const posted: HostMessage[] = [];
    const clock = manualSchedule();
    const coalescer = new DeltaCoalescer((m) => posted.push(m), 16, clock.schedule);
    coalescer.send(append('a1', 'lost with the view'));
    coalescer.discard();
    clock.fire();
    assert.deepEqual(posted, []);
  });

  it('delivers with a real timer', async () => {
    const posted: HostMessage[] = [];
    const coalescer = new DeltaCoalescer((m) => posted.push(m), 5);
    coalescer.send(append('a1', 'a'));
    coalescer.send(append('a1', 'b'));
    await until(() => posted.length > 0, { message: 'the timer to fire' });
    assert.deepEqual(posted, [append('a1', 'ab')]);
  });
});
