import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { summarizeConversation, type Conversation } from '../../src/core/conversation/conversation';
import { encodeConversation } from '../../src/core/conversation/conversationCodec';
import type { HistoryMessage } from '../../src/core/history/historyMessage';
import type { TurnChanges } from '../../src/core/review/changeRecorder';
import type { Checkpoint } from '../../src/core/review/checkpoints';
import { syncDirectory, writeFileAtomic } from '../../src/node/atomicFile';
import { FileConversationStore } from '../../src/node/fileConversationStore';
import { median, seededRandom } from './benchStats';
import { msText, reportFigure } from './benchSummary';

const STREAMING_SAVES = 30;
const LEGACY_SAVES = 5;
const TARGET_SAVE_MS = 5;
const TARGET_LOAD_MS = 500;

type Entry = { id: string; kind: string; text: string; turnId?: string; meta?: Record<string, unknown> };

const CODE = [
  'export async function createSession(user: User, store: SessionStore): Promise<Session> {',
  '  const token = await store.issue(user.id, { ttlSeconds: 3600 });',
  '  if (!token) throw new SessionError(`cannot issue a token for ${user.id}`);',
  '  // 刷新令牌在过期前五分钟轮换',
  '  return { user, token, expiresAt: Date.now() + 3_600_000 };',
  '}',
];

/** A session as AgentSession and the transcript projector leave it, turn after turn, until it holds about `bytes` of JSON. */
class BenchConversation {
  readonly messages: HistoryMessage[] = [];
  readonly transcript: Entry[] = [];
  readonly checkpoints: Checkpoint[] = [];
  readonly changes: TurnChanges[] = [];
  private readonly random = seededRandom(7);
  private time = Date.UTC(2025, 0, 1);

  constructor(readonly id: string, bytes: number) {
    let size = 0;
    for (let turn = 0; size < bytes; turn++) size += this.addTurn(turn);
  }

  private code(lines: number): string {
    return Array.from({ length: lines }, (_, i) => `${String(i + 1).padStart(4)}\t${CODE[Math.floor(this.random() * CODE.length)]}`).join('\n');
  }

  /** One turn: a question, three tool steps (Read, Edit with an approval diff, Bash), an answer. Returns the bytes it added, roughly. */
  private addTurn(turn: number): number {
    const t = `t${turn}`;
    const at = () => (this.time += 1500);
    const file = `src/module${turn % 40}.ts`;
    const question = `Please change ${file} so that sessions refresh their token. 请同时补上测试。`;
    this.messages.push({ id: `u${turn}`, createdAt: at(), kind: 'user', role: 'user', content: question, turnId: t });
    this.transcript.push({ id: `e${turn}-u`, kind: 'user', text: question, turnId: t });
    let added = question.length * 2;
    for (const [step, tool] of ['Read', 'Edit', 'Bash'].entries()) {
      const callId = `call_${turn}_${step}`;
      const args = JSON.stringify({ path: file, ...(tool === 'Edit' ? { old: CODE[1], new: CODE[2] } : {}) });
      this.messages.push({ id: `a${turn}-${step}`, createdAt: at(), kind: 'assistant', role: 'assistant', content: `Step ${step}: ${tool} ${file}.`, turnId: t, toolCalls: [{ id: callId, name: tool, arguments: args }], usage: { inputTokens: 40_000, outputTokens: 300 }, cost: 0.01 });
      const output = tool === 'Read' ? this.code(80) : tool === 'Edit' ? `Edited ${file}` : `$ npm test\n${'  ✓ passes\n'.repeat(40)}`;
      this.messages.push({ id: `r${turn}-${step}`, createdAt: at(), kind: 'toolResult', role: 'tool', content: output, toolCallId: callId, toolName: tool, turnId: t });
      this.transcript.push({ id: `call-${callId}`, kind: 'tool-call', text: `${tool} ${file}`, turnId: t, meta: { name: tool, status: 'done', params: JSON.parse(args) as unknown } });
      if (tool === 'Edit') {
        const diff = `--- a/${file}\n+++ b/${file}\n${this.code(60).split('\n').map((l) => `${this.random() < 0.2 ? '+' : ' '}${l}`).join('\n')}`;
        this.transcript.push({ id: `approval-${callId}`, kind: 'approval', text: diff, turnId: t, meta: { tool, callId, phase: 'decision', decision: 'accepted' } });
        added += diff.length;
      }
      this.transcript.push({ id: `e${turn}-r${step}`, kind: 'tool-result', text: output.slice(0, 2000), turnId: t, meta: { name: tool, status: 'done', callId } });
      added += args.length * 2 + output.length + Math.min(output.length, 2000) + 400;
    }
    const answer = `Done: ${file} now refreshes the token five minutes before it expires, and the test covers it. `.repeat(6);
    this.messages.push({ id: `f${turn}`, createdAt: at(), kind: 'assistant', role: 'assistant', content: answer, turnId: t, usage: { inputTokens: 41_000, outputTokens: 500 }, cost: 0.012 });
    this.transcript.push({ id: `e${turn}-a`, kind: 'assistant', text: answer, turnId: t });
    added += answer.length * 2;
    if (turn % 4 === 0) {
      const before = this.code(100);
      const after = before.replace('3600', '1800');
      this.checkpoints.push({ messageId: `u${turn}`, files: [{ path: file, existed: true, content: before, existsAfter: true, after }], state: { todos: [] } });
      this.changes.push({ turnId: t, changes: [{ path: file, kind: 'modified', added: 1, removed: 1, before, after }] });
      added += before.length * 4;
    }
    return added + 1200;
  }

  /** As AgentSession.toConversation: fresh arrays of the same items, the live transcript. */
  conversation(): Conversation {
    return {
      version: 1, id: this.id, title: 'Refresh tokens', createdAt: Date.UTC(2025, 0, 1), updatedAt: (this.time += 400),
      messages: [...this.messages], transcript: this.transcript, totals: { inputTokens: 1e7, outputTokens: 1e5, cost: 12.5 },
      lastUsage: { inputTokens: 41_000, outputTokens: 500 }, todos: [{ content: 'Write the test', status: 'in_progress' }],
      turnInProgress: { turnId: 'live', startedAt: this.time, userText: 'go on' },
      checkpoints: [...this.checkpoints], changes: [...this.changes],
    };
  }

  /** A new assistant entry that streams. */
  startStreaming(): Entry {
    const entry: Entry = { id: 'streaming', kind: 'assistant', text: '', turnId: 'live' };
    this.transcript.push(entry);
    return entry;
  }
}

/** The save of the store on main before the log: encode and write the whole conversation, its backup and sidecar. */
async function legacySave(dir: string, conversation: Conversation): Promise<void> {
  const text = encodeConversation(conversation);
  const meta = JSON.stringify({ version: 1, mainFileSize: Buffer.byteLength(text, 'utf8'), summary: summarizeConversation(conversation) });
  const main = path.join(dir, `${conversation.id}.json`);
  const exists = await fsp.stat(main).then(() => true, () => false);
  await writeFileAtomic(main, text, { keepPreviousAs: exists ? path.join(dir, `${conversation.id}.json.bak`) : undefined });
  await writeFileAtomic(path.join(dir, `${conversation.id}.meta.json`), meta);
  await syncDirectory(dir);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const row = (label: string, before: number | undefined, after: number, target?: number) =>
  console.log(`  ${label.padEnd(58)} ${(before === undefined ? '' : before.toFixed(2)).padStart(9)} ${after.toFixed(2).padStart(9)} ms${target === undefined ? '' : after < target ? '  (within target)' : '  (OVER target)'}`);

async function benchSize(dir: string, megabytes: number): Promise<void> {
  const live = new BenchConversation(`bench-${megabytes}mb`, megabytes * 1024 * 1024);
  const bytes = Buffer.byteLength(JSON.stringify(live.conversation()), 'utf8');
  console.log(`\n  ${megabytes} MB conversation: ${(bytes / 1024 / 1024).toFixed(1)} MB of JSON, ${live.messages.length} messages, ${live.transcript.length} transcript entries, ${live.checkpoints.length} checkpoints`);
  console.log(`  ${''.padEnd(58)} ${'before'.padStart(9)} ${'after'.padStart(9)}`);
  const streaming = live.startStreaming();

  const legacyDir = path.join(dir, `legacy-${megabytes}`);
  await fsp.mkdir(legacyDir, { recursive: true });
  const legacy: number[] = [];
  const legacyEncode: number[] = [];
  for (let i = 0; i < LEGACY_SAVES; i++) {
    streaming.text += 'x'.repeat(50);
    const conversation = live.conversation();
    legacyEncode.push(await timed(async () => encodeConversation(conversation)));
    legacy.push(await timed(() => legacySave(legacyDir, conversation)));
  }

  const storeDir = path.join(dir, `store-${megabytes}`);
  const store = new FileConversationStore(storeDir);
  const compaction = await timed(() => store.save(live.conversation()));
  const saves: number[] = [];
  const syncParts: number[] = [];
  for (let i = 0; i < STREAMING_SAVES; i++) {
    streaming.text += 'y'.repeat(50);
    const conversation = live.conversation();
    const start = performance.now();
    const saved = store.save(conversation);
    syncParts.push(performance.now() - start);
    await saved;
    saves.push(performance.now() - start);
  }
  row('save while streaming (entry +50 chars), until on disk', median(legacy), median(saves), TARGET_SAVE_MS);
  reportFigure({ area: 'store', figure: `save while streaming, ${megabytes} MB conversation`, value: msText(median(saves), 2), target: `< ${TARGET_SAVE_MS} ms`, ok: median(saves) < TARGET_SAVE_MS });
  row('  of which blocks the extension host (encode / diff)', median(legacyEncode), median(syncParts));
  row('a save that writes a new snapshot (first save, compaction)', median(legacy), compaction);

  const legacyLoad = await timed(() => new FileConversationStore(legacyDir).load(live.id));
  const load = await timed(() => new FileConversationStore(storeDir).load(live.id));
  row(`open it (load; the log holds ${STREAMING_SAVES} streaming saves)`, legacyLoad, load, TARGET_LOAD_MS);

  // The worst case before a compaction: a log as big as the snapshot (every message and entry again).
  const copy = new BenchConversation(`${live.id}-log`, megabytes * 1024 * 1024);
  const bigLogStore = new FileConversationStore(storeDir, { minCompactBytes: 1 });
  const partial = copy.conversation();
  partial.messages = partial.messages.slice(0, partial.messages.length >> 1);
  partial.transcript = partial.transcript.slice(0, partial.transcript.length >> 1);
  await bigLogStore.save(partial);
  await bigLogStore.save(copy.conversation());
  const mb = async (name: string) => ((await fsp.stat(path.join(storeDir, name))).size / 1024 / 1024).toFixed(1);
  const sizes = `${await mb(`${copy.id}.json`)} MB snapshot + ${await mb(`${copy.id}.log.jsonl`)} MB log`;
  const worstLoad = await timed(() => new FileConversationStore(storeDir).load(copy.id));
  row(`open it from a ${sizes} (compaction due)`, undefined, worstLoad, TARGET_LOAD_MS);
  reportFigure({ area: 'store', figure: `open a ${megabytes} MB conversation (worst case)`, value: msText(Math.max(load, worstLoad)), target: `< ${TARGET_LOAD_MS} ms`, ok: Math.max(load, worstLoad) < TARGET_LOAD_MS });
}

async function benchList(dir: string): Promise<void> {
  const listDir = path.join(dir, 'list');
  const store = new FileConversationStore(listDir);
  for (let i = 0; i < 200; i += 20) {
    await Promise.all(Array.from({ length: 20 }, async (_, j) => {
      const live = new BenchConversation(`c${i + j}`, 50 * 1024);
      await store.save(live.conversation());
      const streaming = live.startStreaming();
      for (let k = 0; k < 5; k++) {
        streaming.text += 'z'.repeat(50);
        await store.save(live.conversation());
      }
    }));
  }
  const legacyDir = path.join(dir, 'list-legacy');
  await fsp.mkdir(legacyDir, { recursive: true });
  for (let i = 0; i < 200; i += 20) {
    await Promise.all(Array.from({ length: 20 }, (_, j) => legacySave(legacyDir, new BenchConversation(`c${i + j}`, 50 * 1024).conversation())));
  }
  const legacy = await timed(() => new FileConversationStore(legacyDir).list());
  const cold = await timed(() => new FileConversationStore(listDir).list());
  console.log('');
  row('list() of 200 conversations (~50 KB each, each with a log)', legacy, cold);
  reportFigure({ area: 'store', figure: 'list() of 200 conversations', value: msText(cold) });
}

export async function runStoreBench(): Promise<void> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-store-bench-'));
  try {
    console.log('Conversation store: before = the single-file store (whole encode + write per save), after = snapshot + append-only log');
    await benchSize(dir, 5);
    await benchSize(dir, 20);
    await benchList(dir);
    console.log(`  targets: a save while streaming < ${TARGET_SAVE_MS} ms, opening < ${TARGET_LOAD_MS} ms (20 MB)`);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runStoreBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
