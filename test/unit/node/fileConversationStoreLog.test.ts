import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Conversation } from '../../../src/core/conversation/conversation';
import type { HistoryMessage } from '../../../src/core/history/historyMessage';
import type { Checkpoint } from '../../../src/core/review/checkpoints';
import { cutMarker } from '../../../src/node/conversationLogRecords';
import { FileConversationStore, type FileConversationStoreOptions } from '../../../src/node/fileConversationStore';
import { realisticConversation } from '../core/conversation/conversationFixtures';

type Entry = { id: string; kind: string; text: string; turnId?: string; meta?: Record<string, unknown> };

/** Changes a conversation the way AgentSession and the transcript projector do: new messages appended, entries changed in place. */
class LiveConversation {
  readonly messages: HistoryMessage[];
  readonly transcript: Entry[];
  checkpoints: Checkpoint[] = [];
  rest: Omit<Conversation, 'messages' | 'transcript' | 'checkpoints'>;
  private clock = 10_000;

  constructor(base: Conversation) {
    const { messages, transcript, checkpoints, ...rest } = base;
    this.messages = [...messages];
    this.transcript = transcript.map((e) => ({ ...(e as Entry) }));
    this.checkpoints = checkpoints ?? [];
    this.rest = rest;
  }

  /** What toConversation gives: fresh arrays of the same items, the transcript list itself. */
  conversation(): Conversation {
    return { ...this.rest, updatedAt: ++this.clock, messages: [...this.messages], transcript: this.transcript, checkpoints: [...this.checkpoints] };
  }

  addTurn(n: number): void {
    this.messages.push({ id: `u${n}`, createdAt: n, kind: 'user', role: 'user', content: `question ${n}`, turnId: `t${n}` });
    this.messages.push({ id: `a${n}`, createdAt: n, kind: 'assistant', role: 'assistant', content: `answer ${n} `.repeat(20), turnId: `t${n}` });
    this.transcript.push({ id: `eu${n}`, kind: 'user', text: `question ${n}`, turnId: `t${n}` });
    this.transcript.push({ id: `ea${n}`, kind: 'assistant', text: `answer ${n} `.repeat(20), turnId: `t${n}` });
  }
}

describe('FileConversationStore log', () => {
  let dir: string;
  let problems: string[];
  const newStore = (options: FileConversationStoreOptions = {}) => new FileConversationStore(dir, { onProblem: (message) => problems.push(message), ...options });
  const file = (name: string) => path.join(dir, name);
  const logLines = async (id: string) => (await fsp.readFile(file(`${id}.log.jsonl`), 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { t: string; [key: string]: unknown });
  const logSize = async (id: string) => (await fsp.stat(file(`${id}.log.jsonl`))).size;
  const plain = (conversation: Conversation) => JSON.parse(JSON.stringify(conversation)) as Conversation;

  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-conversation-log-'));
    problems = [];
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('appends every kind of change and loads it back equal to the conversation', async () => {
    const store = newStore();
    const live = new LiveConversation(realisticConversation('c1'));
    await store.save(live.conversation());
    live.addTurn(1);
    live.transcript[0]!.meta = { edited: true };
    live.transcript[1]!.text += ' and more';
    live.rest.todos = [{ content: 'Write the log', status: 'in_progress' }];
    live.rest.plan = { tasks: [{ id: 'p1', description: 'Do it', dependencies: [], status: 'pending' }] };
    live.rest.agentHistories = { reviewer: [{ id: 'r1', createdAt: 1, kind: 'user', role: 'user', content: 'review this' }] };
    live.rest.agentModes = { reviewer: 'isolated' };
    live.rest.changes = [{ turnId: 't1', changes: [{ path: 'a.ts', kind: 'modified', added: 1, removed: 1, before: 'x', after: 'y' }] }];
    live.checkpoints = [{ messageId: 'u1', files: [{ path: 'a.ts', existed: true, content: 'x', existsAfter: true, after: 'y' }], state: { todos: [] } }];
    delete live.rest.turnInProgress;
    delete live.rest.lastUsage;
    live.rest.totals = { inputTokens: 1, outputTokens: 2, cost: 3 };
    live.rest.title = 'Renamed';
    await store.save(live.conversation());
    // Cut back (as Restore checkpoint does): messages and entries go away, the order is written.
    live.messages.splice(2, 1);
    live.transcript.splice(1, 1);
    live.rest.agentHistories = undefined;
    const last = live.conversation();
    await store.save(last);

    assert.ok((await logLines('c1')).some((r) => r.t === 'mo'), 'the new order was appended');
    assert.deepEqual(await newStore().load('c1'), plain(last));
    assert.deepEqual(problems, []);
  });

  it('appends only the new text of a streaming entry, and nothing when nothing changed', async () => {
    const store = newStore();
    const live = new LiveConversation(realisticConversation('c1'));
    live.addTurn(1);
    await store.save(live.conversation());
    const streaming = live.transcript.at(-1)!;
    for (let i = 0; i < 5; i++) {
      const before = await logSize('c1');
      const linesBefore = (await logLines('c1')).length;
      streaming.text += `${i}`.repeat(50);
      await store.save(live.conversation());
      const appended = (await logLines('c1')).slice(linesBefore);
      assert.deepEqual(appended.map((r) => r.t), ['ea', 'c']);
      assert.equal(appended[0]!.s, `${i}`.repeat(50));
      assert.ok((await logSize('c1')) - before < 150, `appended ${(await logSize('c1')) - before} bytes`);
    }
    const linesBefore = (await logLines('c1')).length;
    await store.save(live.conversation());
    assert.deepEqual((await logLines('c1')).slice(linesBefore).map((r) => r.t), ['c'], 'only the commit with the new time');
    assert.equal(((await newStore().load('c1'))?.transcript.at(-1) as Entry).text, streaming.text);
  });

  it('continues appending after a load, writing only what changed since', async () => {
    const live = new LiveConversation(realisticConversation('c1'));
    await newStore().save(live.conversation());
    const store = newStore();
    const loaded = (await store.load('c1'))!;
    const reopened = new LiveConversation(loaded);
    // The session keeps the loaded messages and entries themselves.
    reopened.messages.splice(0, reopened.messages.length, ...loaded.messages);
    reopened.transcript.splice(0, reopened.transcript.length, ...(loaded.transcript as Entry[]));
    const linesBefore = (await logLines('c1')).length;
    reopened.addTurn(2);
    await store.save(reopened.conversation());
    assert.deepEqual((await logLines('c1')).slice(linesBefore).map((r) => r.t), ['m', 'm', 'e', 'e', 'c']);
  });

  it('drops a torn last line and keeps everything before it', async () => {
    const store = newStore();
    const live = new LiveConversation(realisticConversation('c1'));
    await store.save(live.conversation());
    live.addTurn(1);
    const keptLive = live.conversation();
    const kept = plain(keptLive);
    await store.save(keptLive);
    live.addTurn(2);
    await store.save(live.conversation());
    const text = await fsp.readFile(file('c1.log.jsonl'), 'utf8');
    const lastLineStart = text.lastIndexOf('\n', text.length - 2) + 1;
    await fsp.writeFile(file('c1.log.jsonl'), text.slice(0, lastLineStart + 10)); // the commit line of turn 2, cut

    const fresh = newStore();
    assert.deepEqual(await fresh.load('c1'), kept);
    assert.deepEqual(problems, [], 'a crash mid-append is not a problem');
    // The next save does not append to the torn line: it writes a new snapshot.
    live.addTurn(3);
    const after = live.conversation();
    await fresh.save(after);
    assert.deepEqual(await newStore().load('c1'), plain(after));
    assert.deepEqual(problems, []);
  });

  it('loads up to a damaged middle line and says so', async () => {
    const store = newStore();
    const live = new LiveConversation(realisticConversation('c1'));
    await store.save(live.conversation());
    live.addTurn(1);
    const keptLive = live.conversation();
    const kept = plain(keptLive);
    await store.save(keptLive);
    live.addTurn(2);
    await store.save(live.conversation());
    live.addTurn(3);
    await store.save(live.conversation());
    const lines = (await fsp.readFile(file('c1.log.jsonl'), 'utf8')).split('\n');
    const damaged = lines.findIndex((line) => line.includes('"u2"'));
    lines[damaged] = lines[damaged]!.replace('"content"', '"cont#nt"').slice(0, -3) + '!!}';
    await fsp.writeFile(file('c1.log.jsonl'), lines.join('\n'));

    const fresh = newStore();
    assert.deepEqual(await fresh.load('c1'), kept);
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, new RegExp(`c1\\.log\\.jsonl is damaged: line ${damaged + 1} could not be read.*loaded as it was before that point`));
    live.addTurn(4);
    const after = live.conversation();
    await fresh.save(after);
    assert.deepEqual(await newStore().load('c1'), plain(after));
  });

  it('drops a save whose text append does not fit the entry', async () => {
    const store = newStore();
    const live = new LiveConversation(realisticConversation('c1'));
    await store.save(live.conversation());
    live.transcript[0]!.text += 'x';
    await store.save(live.conversation());
    const text = await fsp.readFile(file('c1.log.jsonl'), 'utf8');
    await fsp.writeFile(file('c1.log.jsonl'), text.replace(/"at":\d+/, '"at":3'));
    assert.equal(((await newStore().load('c1'))!.transcript[0] as Entry).text, (realisticConversation().transcript[0] as Entry).text);
    assert.match(problems[0]!, /does not fit what came before \(text appended to entry e-1 at 3/);
  });

  it('compacts the log into a new snapshot once it outgrows the snapshot', async () => {
    const store = newStore({ minCompactBytes: 1 });
    const live = new LiveConversation(realisticConversation('c1'));
    await store.save(live.conversation());
    const firstSnapshot = await fsp.readFile(file('c1.json'), 'utf8');
    let compactedAt = 0;
    for (let turn = 1; turn <= 40 && !compactedAt; turn++) {
      live.addTurn(turn);
      await store.save(live.conversation());
      if ((await fsp.readFile(file('c1.json'), 'utf8')) !== firstSnapshot) compactedAt = turn;
    }
    assert.ok(compactedAt > 1, 'appended first, compacted later');
    assert.equal(await fsp.readFile(file('c1.json.bak'), 'utf8'), firstSnapshot);
    assert.deepEqual((await logLines('c1')).map((r) => r.t), ['head']);
    live.addTurn(99);
    const last = live.conversation();
    await store.save(last);
    assert.deepEqual(await newStore().load('c1'), plain(last));
    assert.deepEqual(problems, []);
  });

  it('opens a conversation of the single-file format and migrates it on the first save', async () => {
    const legacy = realisticConversation('old', 5000);
    await fsp.writeFile(file('old.json'), JSON.stringify(legacy));
    await fsp.writeFile(file('old.meta.json'), JSON.stringify({ version: 1, mainFileSize: Buffer.byteLength(JSON.stringify(legacy)), summary: { id: 'old', title: 'From the meta', createdAt: 1, updatedAt: 5000, messageCount: 5, cost: 1 } }));
    const store = newStore();
    assert.equal((await store.list())[0]?.title, 'From the meta');
    const loaded = (await store.load('old'))!;
    assert.deepEqual(loaded, legacy);

    const live = new LiveConversation(loaded);
    live.addTurn(1);
    const migrated = live.conversation();
    await store.save(migrated);
    assert.equal(JSON.parse(await fsp.readFile(file('old.json'), 'utf8')).version, 2);
    assert.deepEqual(JSON.parse(await fsp.readFile(file('old.json.bak'), 'utf8')), legacy);
    assert.deepEqual(await newStore().load('old'), plain(migrated));
    assert.equal((await newStore().list())[0]?.messageCount, 7);
    assert.deepEqual(problems, []);
  });

  it('lists from the sidecars without reading the logs', async () => {
    const store = newStore();
    const live = new LiveConversation(realisticConversation('c1'));
    await store.save(live.conversation());
    live.addTurn(1);
    await store.save(live.conversation());
    // Same size, unreadable content: list() must not notice, load() must.
    const size = await logSize('c1');
    await fsp.writeFile(file('c1.log.jsonl'), '#'.repeat(size));
    const fresh = newStore();
    assert.deepEqual((await fresh.list()).map((s) => [s.id, s.messageCount]), [['c1', 7]]);
    assert.deepEqual(problems, []);
  });

  it('lists from the conversation when the log changed after the sidecar was written', async () => {
    const store = newStore();
    const live = new LiveConversation(realisticConversation('c1'));
    await store.save(live.conversation());
    const meta = await fsp.readFile(file('c1.meta.json'), 'utf8');
    live.addTurn(1);
    await store.save(live.conversation());
    await fsp.writeFile(file('c1.meta.json'), meta); // as if the process died before the sidecar was replaced
    assert.deepEqual((await newStore().list()).map((s) => [s.id, s.messageCount]), [['c1', 7]]);
  });

  it('stores a huge entry once, cut, and writes nothing more while it keeps growing', async () => {
    const store = newStore();
    const live = new LiveConversation(realisticConversation('c1'));
    live.transcript.push({ id: 'approval-1', kind: 'approval', text: 'd'.repeat(50_000), meta: { diff: 'x'.repeat(100_000) } });
    await store.save(live.conversation());
    const entry = live.transcript.at(-1)!;
    entry.text += 'e'.repeat(20_000); // crosses the cap: written once, cut
    await store.save(live.conversation());
    const afterCut = await logSize('c1');
    entry.text += 'f'.repeat(20_000);
    await store.save(live.conversation());
    assert.ok((await logSize('c1')) - afterCut < 100, 'only the commit line');

    const loaded = (await newStore().load('c1'))!.transcript.at(-1) as Entry;
    assert.equal(loaded.text.length, 64 * 1024 + cutMarker.length);
    assert.ok(loaded.text.startsWith('d'.repeat(50_000) + 'e'.repeat(64 * 1024 - 50_000)));
    assert.match(loaded.text, /cut when saved: this entry was longer than 64 KB\]$/);
    assert.ok((loaded.meta!.diff as string).length < 66 * 1024);
  });

  it('writes a checkpoint file once, and again only when it changes', async () => {
    const store = newStore();
    const live = new LiveConversation(realisticConversation('c1'));
    const big = 'content '.repeat(5000);
    live.checkpoints = [{ messageId: 'm-2', files: [{ path: 'a.ts', existed: true, content: big, existsAfter: true, after: big + '1' }] }];
    await store.save(live.conversation());
    const linesBefore = (await logLines('c1')).length;
    // As CheckpointLog does: a changed checkpoint is a new copy; unchanged files are equal, not identical.
    live.checkpoints = [structuredClone(live.checkpoints[0]!)];
    live.checkpoints[0]!.files.push({ path: 'b.ts', existed: false, existsAfter: true, after: 'new' });
    await store.save(live.conversation());
    const appended = (await logLines('c1')).slice(linesBefore);
    assert.deepEqual(appended.map((r) => r.t), ['cf', 'cp', 'c']);
    assert.equal((appended[0]!.v as { path: string }).path, 'b.ts');
    const last = live.conversation();
    await store.save(last);
    assert.deepEqual(await newStore().load('c1'), plain(last));
  });

  it('skips a conversation whose log a newer CodeAgent wrote', async () => {
    await newStore().save(realisticConversation('c1'));
    const lines = (await fsp.readFile(file('c1.log.jsonl'), 'utf8')).split('\n');
    lines[0] = lines[0]!.replace('"version":2', '"version":3');
    await fsp.writeFile(file('c1.log.jsonl'), lines.join('\n'));
    assert.equal(await newStore().load('c1'), undefined);
    assert.match(problems[0]!, /newer CodeAgent \(format 3\)/);
  });

  it('ignores a log left from an earlier snapshot (a crash between the two renames)', async () => {
    const store = newStore();
    const live = new LiveConversation(realisticConversation('c1'));
    await store.save(live.conversation());
    live.addTurn(1);
    await store.save(live.conversation());
    const oldLog = await fsp.readFile(file('c1.log.jsonl'), 'utf8');
    live.addTurn(2);
    const whole = live.conversation();
    await newStore().save(whole); // a new snapshot holding everything
    await fsp.writeFile(file('c1.log.jsonl'), oldLog);
    assert.deepEqual(await newStore().load('c1'), plain(whole));
    assert.deepEqual(problems, []);
  });

  it('deletes the log with the rest, and a save after the delete starts anew', async () => {
    const store = newStore();
    const live = new LiveConversation(realisticConversation('c1'));
    await store.save(live.conversation());
    live.addTurn(1);
    await store.save(live.conversation());
    await store.delete('c1');
    assert.deepEqual(await fsp.readdir(dir), []);
    const again = live.conversation();
    await store.save(again);
    assert.deepEqual(await newStore().load('c1'), plain(again));
  });
});
