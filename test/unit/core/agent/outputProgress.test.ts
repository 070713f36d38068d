import { strict as assert } from 'node:assert';
import { OutputProgress } from '../../../../src/core/agent/outputProgress';
import type { Clock } from '../../../../src/core/ports/clock';

/** A clock whose time moves only when told; sleeps resolve when time passes their end. */
function manualClock(): Clock & { advance(ms: number): Promise<void> } {
  let now = 0;
  const sleepers: Array<{ until: number; resolve: () => void }> = [];
  return {
    now: () => now,
    sleep: (ms) => new Promise<void>((resolve) => sleepers.push({ until: now + ms, resolve })),
    async advance(ms) {
      now += ms;
      for (const sleeper of sleepers.filter((s) => s.until <= now)) {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        sleeper.resolve();
      }
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('OutputProgress: a running command\'s output for its card', () => {
  it('reports the first chunk at once, then at most once per interval, and the end of a burst after it', async () => {
    const clock = manualClock();
    const reports: string[] = [];
    const progress = new OutputProgress(clock, (tail) => reports.push(tail), 250);
    progress.push('one\n');
    assert.deepEqual(reports, ['one']);
    for (const line of ['two\n', 'three\n', 'four\n']) progress.push(line);
    assert.deepEqual(reports, ['one'], 'a burst waits for the interval');
    await clock.advance(250);
    assert.deepEqual(reports, ['one', 'one\ntwo\nthree\nfour'], 'the burst is reported once, whole');
    await clock.advance(1000);
    progress.push('five\n');
    assert.equal(reports.length, 3, 'after a quiet spell a chunk is reported at once');
  });

  it('keeps only the tail, and says nothing once the command ended', async () => {
    const clock = manualClock();
    const reports: string[] = [];
    const progress = new OutputProgress(clock, (tail) => reports.push(tail), 250);
    progress.push(Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n'));
    assert.equal(reports[0]!.split('\n').length, 15);
    assert.ok(reports[0]!.endsWith('line 100'));
    progress.push('more');
    progress.close();
    await clock.advance(500);
    assert.equal(reports.length, 1, 'nothing after close');
  });
});
