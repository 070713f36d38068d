import * as assert from 'node:assert/strict';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Conversation, ConversationSummary } from '../../../../src/core/conversation/conversation';
import type { ConversationStore } from '../../../../src/core/conversation/conversationStore';
import { ListedConversationStore, sameSummaries } from '../../../../src/core/conversation/listedConversationStore';
import { FileConversationStore } from '../../../../src/node/fileConversationStore';
import { realisticConversation } from './conversationFixtures';
import { until } from '../../../support/until';

const titled = (id: string, title: string, updatedAt: number): Conversation => ({ ...realisticConversation(id, updatedAt), title });
const titles = (list: readonly ConversationSummary[] | undefined) => list?.map((summary) => summary.title);

/** A store whose list() waits until `release` is called: what a slow disk does while the user keeps chatting. */
class HeldList implements ConversationStore {
  private held: Array<() => void> = [];
  constructor(private readonly inner: ConversationStore) {}
  async list() {
    const listed = await this.inner.list();
    await new Promise<void>((resolve) => this.held.push(resolve));
    return listed;
  }
  release() {
    for (const resolve of this.held.splice(0)) resolve();
  }
  get waiting() {
    return this.held.length;
  }
  load(id: string) { return this.inner.load(id); }
  save(conversation: Conversation) { return this.inner.save(conversation); }
  delete(id: string) { return this.inner.delete(id); }
}

describe('ListedConversationStore (spec §24: History opens at once)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-listed-'));
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('knows no list until it has read one; warm() reads it in the background', async () => {
    await new FileConversationStore(dir).save(titled('c-a', 'first', 1_000));
    const store = new ListedConversationStore(new FileConversationStore(dir));
    assert.equal(store.cachedList(), undefined);
    store.warm();
    await until(() => store.cachedList() !== undefined);
    assert.deepEqual(titles(store.cachedList()), ['first']);
  });

  it('keeps the list current with its own saves and deletes, newest first, without reading the disk', async () => {
    const store = new ListedConversationStore(new FileConversationStore(dir));
    await store.save(titled('c-a', 'first', 1_000));
    await store.list();
    void store.save(titled('c-b', 'second', 2_000));
    assert.deepEqual(titles(store.cachedList()), ['second', 'first'], 'a save shows before it is written');
    void store.save(titled('c-a', 'first, renamed', 3_000));
    assert.deepEqual(titles(store.cachedList()), ['first, renamed', 'second']);
    await store.delete('c-b');
    assert.deepEqual(titles(store.cachedList()), ['first, renamed']);
    assert.ok(sameSummaries(store.cachedList()!, await store.list()), 'what it knew is what the disk says');
  });

  it('a save or delete made while a list is read is not lost when the list comes back', async () => {
    const held = new HeldList(new FileConversationStore(dir));
    const store = new ListedConversationStore(held);
    await store.save(titled('c-a', 'first', 1_000));
    await store.save(titled('c-gone', 'to delete', 500));
    const listing = store.list();
    await until(() => held.waiting === 1);
    await store.save(titled('c-b', 'saved meanwhile', 2_000));
    await store.delete('c-gone');
    held.release();
    await listing;
    assert.deepEqual(titles(store.cachedList()), ['saved meanwhile', 'first']);
  });

  it('list() still reads the disk: a conversation another window saved shows, and then in the cached list', async () => {
    const store = new ListedConversationStore(new FileConversationStore(dir));
    await store.save(titled('c-a', 'mine', 1_000));
    await store.list();
    await new FileConversationStore(dir).save(titled('c-other', 'from another window', 5_000));
    assert.deepEqual(titles(store.cachedList()), ['mine'], 'not known until the disk is read');
    assert.deepEqual(titles(await store.list()), ['from another window', 'mine']);
    assert.deepEqual(titles(store.cachedList()), ['from another window', 'mine']);
  });

  it('sameSummaries compares every field the list shows', () => {
    const a: ConversationSummary = { id: 'c', title: 't', createdAt: 1, updatedAt: 2, messageCount: 3, cost: 0.5 };
    assert.ok(sameSummaries([a], [{ ...a }]));
    for (const change of [{ title: 'u' }, { updatedAt: 9 }, { messageCount: 4 }, { cost: 0.6 }, { branch: 'b' }, { id: 'd' }, { createdAt: 0 }]) {
      assert.ok(!sameSummaries([a], [{ ...a, ...change }]), JSON.stringify(change));
    }
    assert.ok(!sameSummaries([a], []));
  });
});

