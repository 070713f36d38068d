import { strict as assert } from 'node:assert';
import { sharedHistoryView } from '../../../../src/core/agents/sharedHistoryView';
import { HistoryBuilder, nativePairsIntact } from '../history/historyBuilder';

describe('sharedHistoryView', () => {
  it('is the whole history when it fits', () => {
    const h = new HistoryBuilder().round('xml', 'a', 1).messages;
    assert.deepEqual(sharedHistoryView(h, 4), h);
    assert.deepEqual(sharedHistoryView(h, 100), h);
    assert.notEqual(sharedHistoryView(h, 100), h);
  });

  it('starts at the first user message inside the window', () => {
    // rounds of 1 + 2×2 + 1 = 6 messages: a = 0..5, b = 6..11, c = 12..17
    const h = new HistoryBuilder().round('xml', 'a', 2).round('xml', 'b', 2).round('xml', 'c', 2).messages;
    assert.deepEqual(sharedHistoryView(h, 12), h.slice(6));
    assert.deepEqual(sharedHistoryView(h, 11), h.slice(12));
    assert.deepEqual(sharedHistoryView(h, 13), h.slice(6));
  });

  it('may start at a summary, which opens what follows it', () => {
    const h = new HistoryBuilder().round('xml', 'a', 2).summary('S').answer('after the summary').round('xml', 'b', 0).messages;
    const view = sharedHistoryView(h, 4);
    assert.equal(view[0]!.kind, 'summary');
    assert.equal(view.length, 4);
  });

  it('when one round is longer than the window, never starts at a tool result', () => {
    for (const protocol of ['xml', 'native'] as const) {
      const h = new HistoryBuilder().round(protocol, 'long', 6).messages; // user, 6 × (call, result), answer = 14
      for (let max = 1; max < h.length; max++) {
        const view = sharedHistoryView(h, max);
        assert.ok(view.length <= max, `${protocol} max ${max}: ${view.length} messages`);
        assert.ok(view.length >= max - 1, `${protocol} max ${max}: no more than the result should be cut`);
        assert.notEqual(view[0]?.kind, 'toolResult', `${protocol} max ${max}`);
        if (protocol === 'native') assert.ok(nativePairsIntact(view), `native max ${max}`);
      }
    }
  });

  it('is empty for a window of nothing', () => {
    assert.deepEqual(sharedHistoryView(new HistoryBuilder().round('xml', 'a', 1).messages, 0), []);
  });
});
