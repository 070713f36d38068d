import { strict as assert } from 'node:assert';
import { OutputRing } from '../../../../src/core/processes/outputRing';

describe('OutputRing', () => {
  it('reads from a position: what came since, and the next position', () => {
    const ring = new OutputRing(100);
    ring.append('one\n');
    ring.append('two\n');
    const first = ring.readFrom(0);
    assert.deepEqual(first, { text: 'one\ntwo\n', dropped: 0, next: 8 });
    ring.append('three\n');
    assert.deepEqual(ring.readFrom(first.next), { text: 'three\n', dropped: 0, next: 14 });
    assert.deepEqual(ring.readFrom(14), { text: '', dropped: 0, next: 14 });
  });

  it('keeps only the newest characters within its capacity and counts what a reader missed', () => {
    const ring = new OutputRing(10);
    for (let i = 0; i < 10; i++) ring.append(`${i}abc\n`);
    assert.equal(ring.end, 50);
    assert.equal(ring.start, 40);
    assert.deepEqual(ring.readFrom(0), { text: '8abc\n9abc\n', dropped: 40, next: 50 });
    assert.deepEqual(ring.readFrom(43), { text: 'c\n9abc\n', dropped: 0, next: 50 });
  });

  it('a single chunk larger than the capacity keeps its end', () => {
    const ring = new OutputRing(5);
    ring.append('abcdefghij');
    assert.deepEqual(ring.readFrom(0), { text: 'fghij', dropped: 5, next: 10 });
    ring.append('k');
    assert.deepEqual(ring.readFrom(7), { text: 'hijk', dropped: 0, next: 11 });
  });
});
