import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Conversation } from '../../../../src/core/conversation/conversation';
import { changeSideText, type ChangeTextKey } from '../../../../src/core/conversation/changeSideText';
import { ChangeTextCache } from '../../../../src/core/conversation/changeTextCache';
import { FileConversationStore } from '../../../../src/node/fileConversationStore';

const turns = 20;
const size = 1000;
const before = (i: number) => `${'b'.repeat(size)} before ${i}\n`;
const after = (i: number) => `${'a'.repeat(size)} after ${i}\n`;

/** A conversation of `turns` turns, turn i changing f<i>.txt; turn 0 created its file, and the last turn's checkpoint is missing. */
function conversation(): Conversation {
  const indexes = Array.from({ length: turns }, (_, i) => i);
  return {
    version: 1, id: 'conv-1', title: 'T', createdAt: 1, updatedAt: 2,
    messages: indexes.flatMap((i) => [
      { id: `u${i}`, createdAt: 10 + 2 * i, kind: 'user' as const, role: 'user' as const, content: `change ${i}`, turnId: `t${i}` },
      { id: `a${i}`, createdAt: 11 + 2 * i, kind: 'assistant' as const, role: 'assistant' as const, content: 'done', turnId: `t${i}` },
    ]),
    transcript: [],
    totals: { inputTokens: 0, outputTokens: 0, cost: 0 },
    todos: [],
    checkpoints: indexes.slice(0, -1).map((i) => ({
      messageId: `u${i}`,
      files: [i === 0 ? { path: 'f0.txt', existed: false, existsAfter: true, after: after(0) } : { path: `f${i}.txt`, existed: true, content: before(i), existsAfter: true, after: after(i) }],
    })),
    changes: indexes.map((i) => ({
      turnId: `t${i}`,
      changes: [{ path: `f${i}.txt`, kind: i === 0 ? 'created' as const : 'modified' as const, added: 1, removed: i === 0 ? 0 : 1, ...(i === 0 ? {} : { before: before(i) }), after: after(i) }],
    })),
  };
}

const key = (i: number, side: 'before' | 'after'): ChangeTextKey => ({ conversationId: 'conv-1', turnId: `t${i}`, path: `f${i}.txt`, side });

describe('the texts of change diffs: an LRU on bytes, read back from the stored checkpoints', () => {
  let dir: string;
  let store: FileConversationStore;
  let loads: ChangeTextKey[];
  let cache: ChangeTextCache;
  const budget = 10 * 1024;

  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-texts-'));
    store = new FileConversationStore(dir);
    await store.save(conversation());
    loads = [];
    cache = new ChangeTextCache(async (k) => {
      loads.push(k);
      const stored = await store.load(k.conversationId);
      return stored && changeSideText(stored, k);
    }, budget);
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('stays within its budget however many diffs are opened, and an evicted diff still opens with the right texts', async () => {
    for (let i = 0; i < turns; i++) {
      cache.put(key(i, 'before'), i === 0 ? '' : before(i));
      cache.put(key(i, 'after'), after(i));
      assert.ok(cache.usage.bytes <= budget, `within budget after ${i + 1} diffs: ${cache.usage.bytes}`);
    }
    assert.ok(cache.usage.entries <= Math.floor(budget / (size * 2)), `bounded count: ${cache.usage.entries}`);
    assert.equal(loads.length, 0);

    // The newest is still in memory; the oldest were dropped and come back from the checkpoints.
    assert.equal(await cache.text(key(turns - 1, 'after')), after(turns - 1));
    assert.equal(loads.length, 0, 'a kept text is not read again');
    assert.equal(await cache.text(key(3, 'before')), before(3));
    assert.equal(await cache.text(key(3, 'after')), after(3));
    assert.equal(await cache.text(key(0, 'before')), '', 'a created file has an empty left side');
    assert.equal(await cache.text(key(0, 'after')), after(0));
    assert.deepEqual(loads.map((k) => `${k.turnId} ${k.side}`), ['t3 before', 't3 after', 't0 before', 't0 after']);
    assert.ok(cache.usage.bytes <= budget);
    assert.equal(await cache.text(key(3, 'after')), after(3));
    assert.equal(loads.length, 4, 'read back once, then kept');
  });

  it('reads a side from the checkpoint of the turn\'s message, the change list when there is none', () => {
    const stored = conversation();
    stored.changes![5]!.changes[0]!.before = 'not the checkpoint';
    assert.equal(changeSideText(stored, key(5, 'before')), before(5), 'the checkpoint is the record');
    assert.equal(changeSideText(stored, key(turns - 1, 'before')), before(turns - 1), 'no checkpoint: the change list');
    assert.equal(changeSideText(stored, { ...key(4, 'after'), path: 'other.txt' }), undefined);
    assert.equal(changeSideText(stored, { ...key(4, 'after'), turnId: 'gone' }), undefined);
  });

  it('keeps the most recently used, and forgets a deleted conversation', async () => {
    const small = new ChangeTextCache(async () => undefined, 4 * 2 * 3);
    small.put(key(1, 'after'), 'aaaa');
    small.put(key(2, 'after'), 'bbbb');
    small.put(key(3, 'after'), 'cccc');
    assert.equal(await small.text(key(1, 'after')), 'aaaa');
    small.put(key(4, 'after'), 'dddd');
    assert.equal(await small.text(key(2, 'after')), '', 'the least recently used went first');
    assert.equal(await small.text(key(1, 'after')), 'aaaa', 'the one just read stayed');
    small.forgetConversation('conv-1');
    assert.deepEqual(small.usage, { entries: 0, bytes: 0 });
  });
});
