import { strict as assert } from 'node:assert';
import { answerWithin } from '../../../../src/core/languageServices/answerWithin';
import { ManualClock } from '../../../support/manualClock';

describe('answerWithin: an answer, or none once the time is up', () => {
  it('gives an answer that comes in time, and leaves no sleep behind', async () => {
    const clock = new ManualClock();
    const bounded = answerWithin(Promise.resolve(['symbol']), clock, 2000);
    assert.deepEqual(await bounded, { answered: true, value: ['symbol'] });
    assert.equal(clock.pending(), 0);
  });

  it('gives up when the time is up, whatever the answer does after', async () => {
    const clock = new ManualClock();
    let answer!: (value: string[]) => void;
    const late = new Promise<string[]>((resolve) => (answer = resolve));
    const bounded = answerWithin(late, clock, 2000);
    await clock.advance(1999);
    let settled = false;
    void bounded.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(settled, false, 'not before the time is up');
    await clock.advance(1);
    assert.deepEqual(await bounded, { answered: false });
    answer(['symbol']);
    assert.deepEqual(await late, ['symbol'], 'the answer itself still comes, for whoever waits on it');
  });
});
