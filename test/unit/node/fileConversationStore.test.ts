import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Conversation } from '../../../src/core/conversation/conversation';
import { FileConversationStore } from '../../../src/node/fileConversationStore';
import { bulkyConversation, realisticConversation } from '../core/conversation/conversationFixtures';

describe('FileConversationStore', () => {
  let dir: string;
  let problems: string[];
  let store: FileConversationStore;
  const newStore = () => new FileConversationStore(dir, { onProblem: (message) => problems.push(message) });
  const file = (name: string) => path.join(dir, name);
  const files = async () => (await fsp.readdir(dir)).sort();
  const edited = (conversation: Conversation, title: string, updatedAt: number): Conversation => ({ ...conversation, title, updatedAt });
  /** The conversation a snapshot file holds, of format 2 or 1. */
  const snapshot = async (name: string): Promise<Conversation> => {
    const json = JSON.parse(await fsp.readFile(file(name), 'utf8')) as { version: number; conversation?: Conversation };
    return json.version === 2 ? json.conversation! : (json as unknown as Conversation);
  };

  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-conversations-'));
    problems = [];
    store = newStore();
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('round-trips a realistic conversation through a fresh store', async () => {
    const conversation = realisticConversation();
    await store.save(conversation);
    assert.deepEqual(await newStore().load(conversation.id), conversation);
    assert.deepEqual(await files(), ['c-m5x1k2-0.json', 'c-m5x1k2-0.log.jsonl', 'c-m5x1k2-0.meta.json']);
    assert.deepEqual(problems, []);
  });

  it('keeps the previous snapshot as a backup when it writes a new one', async () => {
    const first = realisticConversation('c1', 1000);
    await store.save(first);
    await newStore().save(edited(first, 'second', 2000)); // a store that did not write it starts with a snapshot
    assert.deepEqual(await files(), ['c1.json', 'c1.json.bak', 'c1.log.jsonl', 'c1.meta.json']);
    assert.equal((await snapshot('c1.json.bak')).title, first.title);
    assert.equal((await store.load('c1'))?.title, 'second');
  });

  it('loads nothing for an unknown id, without a problem', async () => {
    assert.equal(await store.load('nope'), undefined);
    assert.deepEqual(problems, []);
  });

  it('lists summaries newest first', async () => {
    await store.save(realisticConversation('old', 1000));
    await store.save(realisticConversation('newest', 3000));
    await store.save(realisticConversation('middle', 2000));
    await store.save(edited(realisticConversation('old', 1000), 'Renamed', 4000));

    const listed = await newStore().list();
    assert.deepEqual(listed.map((s) => s.id), ['old', 'newest', 'middle']);
    const base = realisticConversation();
    assert.deepEqual(listed[0], { id: 'old', title: 'Renamed', createdAt: base.createdAt, updatedAt: 4000, messageCount: 5, cost: 0.0889 });
  });

  it('lists nothing for an empty or missing directory', async () => {
    assert.deepEqual(await store.list(), []);
    assert.deepEqual(await new FileConversationStore(path.join(dir, 'not-yet')).list(), []);
  });

  it('creates its directory on the first save', async () => {
    const nested = new FileConversationStore(path.join(dir, 'a', 'conversations'));
    await nested.save(realisticConversation('c1'));
    assert.equal((await nested.list()).length, 1);
  });

  it('lists from the conversation itself when the sidecar is missing or describes another save', async () => {
    await store.save(realisticConversation('c1', 1000));
    const staleMeta = await fsp.readFile(file('c1.meta.json'), 'utf8');
    await store.save(edited(realisticConversation('c1', 1000), 'After the crash', 2000));
    await fsp.writeFile(file('c1.meta.json'), staleMeta); // as if the process died between the two renames
    await store.save(realisticConversation('c2', 500));
    await fsp.rm(file('c2.meta.json'));

    const listed = await newStore().list();
    assert.deepEqual(listed.map((s) => [s.id, s.title, s.updatedAt]), [['c1', 'After the crash', 2000], ['c2', realisticConversation().title, 500]]);
    assert.deepEqual(problems, []);
  });

  it('deletes every file of a conversation', async () => {
    await store.save(realisticConversation('gone', 1));
    await store.save(realisticConversation('gone', 2));
    await store.save(realisticConversation('kept', 3));
    await store.delete('gone');
    assert.deepEqual(await files(), ['kept.json', 'kept.log.jsonl', 'kept.meta.json']);
    assert.equal(await store.load('gone'), undefined);
    assert.deepEqual((await store.list()).map((s) => s.id), ['kept']);
    await store.delete('never-existed');
  });

  describe('recovery', () => {
    it('loads the backup when the main file is torn', async () => {
      await store.save(realisticConversation('c1', 1000));
      await newStore().save(edited(realisticConversation('c1', 1000), 'lost', 2000));
      const text = await fsp.readFile(file('c1.json'), 'utf8');
      await fsp.writeFile(file('c1.json'), text.slice(0, text.length / 2));

      const fresh = newStore();
      const loaded = await fresh.load('c1');
      assert.deepEqual(loaded, realisticConversation('c1', 1000));
      assert.equal(problems.length, 1);
      assert.match(problems[0]!, /c1\.json could not be read \(not valid JSON.*restored from its backup/);
      assert.deepEqual((await fresh.list()).map((s) => [s.id, s.updatedAt]), [['c1', 1000]]);
    });

    it('does not let a torn main file replace a good backup', async () => {
      await store.save(realisticConversation('c1', 1000));
      await newStore().save(realisticConversation('c1', 2000));
      await fsp.writeFile(file('c1.json'), '{"version":1,"id":"c1","tit');

      await newStore().save(realisticConversation('c1', 3000));
      assert.equal((await snapshot('c1.json.bak')).updatedAt, 1000);
      await newStore().save(realisticConversation('c1', 4000));
      assert.equal((await snapshot('c1.json.bak')).updatedAt, 3000);
    });

    it('skips a torn file without a backup, reporting it once', async () => {
      await store.save(realisticConversation('good', 1000));
      await fsp.writeFile(file('torn.json'), JSON.stringify(realisticConversation('torn')).slice(0, 200));

      const fresh = newStore();
      assert.equal(await fresh.load('torn'), undefined);
      assert.deepEqual((await fresh.list()).map((s) => s.id), ['good']);
      assert.deepEqual((await fresh.list()).map((s) => s.id), ['good']);
      assert.equal(problems.length, 1);
      assert.match(problems[0]!, /'torn' is skipped: torn\.json could not be read \(not valid JSON.*no backup/);
    });

    it('skips a file that fails validation or holds another conversation', async () => {
      const invalid = { ...realisticConversation('bad'), messages: [{ id: 'm', kind: 'user' }] };
      await fsp.writeFile(file('bad.json'), JSON.stringify(invalid));
      await fsp.writeFile(file('copy.json'), JSON.stringify(realisticConversation('original')));

      assert.deepEqual(await store.list(), []);
      assert.equal(problems.length, 2);
      assert.ok(problems.some((p) => /'bad' is skipped: .*messages\.0\.createdAt/.test(p)));
      assert.ok(problems.some((p) => /'copy' is skipped: .*holds conversation 'original'/.test(p)));
    });

    it('ignores and removes a temp file left by a crash mid-write; the previous save is intact', async () => {
      await store.save(realisticConversation('c1', 1000));
      const next = JSON.stringify(realisticConversation('c1', 2000));
      await fsp.writeFile(file('.c1.json.0123456789ab.tmp'), next.slice(0, next.length / 3));
      await fsp.writeFile(file('.c1.meta.json.ba9876543210.tmp'), '{"ver');
      await fsp.writeFile(file('.unrelated.0123456789ab.tmp'), 'not ours');

      const fresh = newStore();
      assert.deepEqual((await fresh.list()).map((s) => [s.id, s.updatedAt]), [['c1', 1000]]);
      assert.deepEqual(await files(), ['.unrelated.0123456789ab.tmp', 'c1.json', 'c1.log.jsonl', 'c1.meta.json']);
      assert.deepEqual(await fresh.load('c1'), realisticConversation('c1', 1000));
      assert.deepEqual(problems, []);
    });

    it('skips a file from a future format version and never overwrites it', async () => {
      await store.save(realisticConversation('future', 1000));
      await newStore().save(realisticConversation('future', 2000));
      const future = JSON.stringify({ version: 3, id: 'future', title: 'From a newer CodeAgent', chapters: [] });
      await fsp.writeFile(file('future.json'), future);

      const fresh = newStore();
      assert.equal(await fresh.load('future'), undefined, 'the v1 backup is not offered in its place');
      assert.deepEqual(await fresh.list(), []);
      await assert.rejects(fresh.save(realisticConversation('future', 3000)), /newer CodeAgent \(format 3\); it is not overwritten/);
      assert.equal(await fsp.readFile(file('future.json'), 'utf8'), future);
      assert.equal(problems.length, 1);
      assert.match(problems[0]!, /'future' was saved by a newer CodeAgent \(format 3\)/);
    });
  });

  describe('concurrency', () => {
    it('ends concurrent saves of one id with the last on disk, as valid JSON', async () => {
      const base = realisticConversation('busy');
      const first = store.save(edited(base, 'version 0', 1000));
      await new Promise((resolve) => setImmediate(resolve)); // the first write is now in flight
      const saves = Array.from({ length: 24 }, (_, i) => store.save(edited(base, `version ${i + 1}`, 1001 + i)));
      await Promise.all([first, ...saves]);

      assert.equal((await newStore().load('busy'))?.title, 'version 24');
      assert.equal((await newStore().list())[0]?.title, 'version 24');
      assert.deepEqual(await files(), ['busy.json', 'busy.log.jsonl', 'busy.meta.json']);
      assert.deepEqual(problems, []);
    });

    it('writes a snapshot: changes made after save() returns do not leak into the file', async () => {
      const conversation = realisticConversation('c1');
      const saved = store.save(conversation);
      conversation.messages.push({ id: 'late', createdAt: 1, kind: 'user', role: 'user', content: 'typed later' });
      await saved;
      assert.equal((await newStore().load('c1'))?.messages.length, 5);
    });

    it('lets load see every save called before it', async () => {
      void store.save(realisticConversation('c1', 1000));
      void store.save(realisticConversation('c1', 2000));
      assert.equal((await store.load('c1'))?.updatedAt, 2000);
    });

    it('applies saves and deletes of one id in call order', async () => {
      const saved = store.save(realisticConversation('c1', 1000));
      const deleted = store.delete('c1');
      await Promise.all([saved, deleted]);
      assert.equal(await store.load('c1'), undefined);

      const deletedAgain = store.delete('c1');
      const resaved = store.save(realisticConversation('c1', 2000));
      await Promise.all([deletedAgain, resaved]);
      assert.equal((await store.load('c1'))?.updatedAt, 2000);
    });

    it('writes different ids independently', async () => {
      await Promise.all(['a', 'b', 'c'].map((id, i) => store.save(realisticConversation(id, i))));
      assert.deepEqual((await store.list()).map((s) => s.id), ['c', 'b', 'a']);
    });
  });

  it('refuses ids that could name another path', async () => {
    const unsafe = ['', '.', '..', '../x', 'a/b', 'a\\b', '/etc/passwd', 'C:x', 'a.b', 'A', 'ab\0', ' a', 'con', 'LPT1', 'x'.repeat(101)];
    for (const id of unsafe) {
      await assert.rejects(store.load(id), /Refusing conversation id/, `load ${JSON.stringify(id)}`);
      await assert.rejects(store.save(realisticConversation(id)), /Refusing conversation id/, `save ${JSON.stringify(id)}`);
      await assert.rejects(store.delete(id), /Refusing conversation id/, `delete ${JSON.stringify(id)}`);
    }
    assert.deepEqual(await files(), []);
    await store.save(realisticConversation('ok_id-42'));
  });

  it('lists 200 conversations quickly', async function () {
    this.timeout(60_000);
    const count = 200;
    for (let i = 0; i < count; i += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, j) => store.save(bulkyConversation(`c${i + j}`, i + j, 50_000))));
    }
    const fresh = newStore();
    const coldStart = performance.now();
    const listed = await fresh.list();
    const cold = performance.now() - coldStart;
    const warmStart = performance.now();
    await fresh.list();
    const warm = performance.now() - warmStart;

    console.log(`      list() of ${count} conversations (~50 KB each): ${cold.toFixed(1)} ms first, ${warm.toFixed(1)} ms again`);
    assert.equal(listed.length, count);
    assert.equal(listed[0]?.id, `c${count - 1}`);
    assert.ok(cold < 2000, `list() took ${cold} ms`);
  });
});
