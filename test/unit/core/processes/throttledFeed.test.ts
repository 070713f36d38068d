import { strict as assert } from 'node:assert';
import { ThrottledFeed } from '../../../../src/core/processes/throttledFeed';
import { until } from '../../../support/until';

describe('ThrottledFeed', () => {
  it('joins what arrives within an interval into one write', async () => {
    const writes: string[] = [];
    const feed = new ThrottledFeed((text) => writes.push(text), 20, 1000);
    feed.push('a\n');
    feed.push('b\n');
    assert.deepEqual(writes, []);
    await until(() => writes.length > 0, { message: 'the interval to end' });
    assert.deepEqual(writes, ['a\nb\n']);
  });

  it('a flood reaches the viewer as its latest part, saying how much was skipped', () => {
    const writes: string[] = [];
    const feed = new ThrottledFeed((text) => writes.push(text), 1000, 10);
    for (let i = 0; i < 1000; i++) feed.push(`${i % 10}`.repeat(10));
    feed.push('0123456789');
    feed.flush();
    assert.deepEqual(writes, ['\n[… 10000 characters skipped]\n', '0123456789']);
    feed.dispose();
  });
});
