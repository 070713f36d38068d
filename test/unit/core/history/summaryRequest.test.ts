import { strict as assert } from 'node:assert';
import { compactHistory } from '../../../../src/core/history/historyCompactor';
import { normalizeSummary, summarizeWithModel } from '../../../../src/core/history/summaryRequest';
import type { TokenUsage } from '../../../../src/core/ports/modelClient';
import { OpenAiModelClient } from '../../../../src/node/openaiModelClient';
import { ScriptedModelServer } from '../../../fixtures/scriptedModelServer';
import { recordingClock } from '../../../support/recordingClock';
import { HistoryBuilder } from './historyBuilder';

const filled = [
  '## 📌 Archived Session Summary',
  '*(Contains context from 2025-01-02T09:00:01.000Z to 2025-01-02T09:00:14.000Z)*',
  '',
  '### 🎯 Objectives & Status',
  '* **Original Goal**: 修复登录',
].join('\n');

describe('summarizeWithModel against the scripted OpenAI-compatible server', function () {
  this.timeout(10_000);
  let server: ScriptedModelServer;
  before(async () => { server = await ScriptedModelServer.start(); });
  after(() => server.close());
  beforeEach(() => server.reset());

  function segmentOf() {
    const b = new HistoryBuilder();
    b.user('请修复登录 bug in src/auth.ts; I prefer tabs.');
    b.toolStep('xml', 'Read', { path: 'src/auth.ts' }, '     1\texport function login() {}');
    b.toolStep('native', 'Edit', { path: 'src/auth.ts', old_string: 'login()', new_string: 'login(user)' }, 'Edited src/auth.ts lines 1-1');
    b.answer('Fixed: login now takes the user.');
    const segment = b.messages;
    return { segment, range: { fromTime: segment[0]!.createdAt, toTime: segment.at(-1)!.createdAt, messageCount: segment.length } };
  }

  async function summarize(overrides: { model?: string } = {}) {
    const usages: TokenUsage[] = [];
    const client = new OpenAiModelClient({ baseUrl: server.baseUrl, apiKey: 'k' });
    const text = await summarizeWithModel(client, {
      model: overrides.model ?? 'summary-model',
      ...segmentOf(),
      clock: recordingClock(),
      signal: new AbortController().signal,
      maxRetries: 2,
      onUsage: (u) => usages.push(u),
    });
    return { text, usages };
  }

  const sent = (i = 0) => server.requests[i]!.body as { model: string; messages: { role: string; content: string }[] };

  it('sends the summary prompt as system and the segment as a transcript with its time span', async () => {
    server.enqueue({ text: filled, chunkSize: 7, usage: { prompt_tokens: 900, completion_tokens: 120 } });
    const { text, usages } = await summarize();
    assert.equal(text, filled);
    assert.deepEqual(usages, [{ inputTokens: 900, outputTokens: 120, cachedInputTokens: undefined }]);
    const body = sent();
    assert.equal(body.model, 'summary-model');
    assert.deepEqual(body.messages.map((m) => m.role), ['system', 'user']);
    const system = body.messages[0]!;
    const user = body.messages[1]!;
    assert.ok(system.content.includes('## 📌 Archived Session Summary\n*(Contains context from [Start Time] to [Cutoff Time])*'));
    assert.ok(system.content.includes('### 📂 File System State (Snapshot)'));
    assert.match(user.content, /^Start Time: 2025-01-02T09:00:01\.000Z\nCutoff Time: 2025-01-02T09:00:06\.000Z\nMessages: 6\n/);
    assert.ok(user.content.includes('[user] 请修复登录 bug in src/auth.ts; I prefer tabs.'));
    assert.ok(user.content.includes('[assistant] <thinking>Next: Read.</thinking>\n<Read>\n<path>src/auth.ts</path>\n</Read>'));
    assert.ok(user.content.includes('[tool Read] <tool_result tool="Read" status="success">\n     1\texport function login() {}'));
    assert.ok(user.content.includes('[assistant] Using Edit.\nTool call: Edit {"path":"src/auth.ts","old_string":"login()","new_string":"login(user)"}'));
    assert.ok(user.content.includes('[tool Edit] [success] Edited src/auth.ts lines 1-1'));
    assert.ok(user.content.includes('[assistant] Fixed: login now takes the user.'));
  });

  it('cuts chatter the model puts before the heading', async () => {
    server.enqueue({ text: `Sure! Here is the summary you asked for:\n\n${filled}\n`, chunkSize: 5 });
    const { text } = await summarize();
    assert.equal(text, filled);
  });

  it('unwraps a template the model put in a code fence', async () => {
    server.enqueue({ text: `Here it is:\n\`\`\`markdown\n${filled}\n\`\`\`\n` });
    assert.equal((await summarize()).text, filled);
  });

  it('supplies the heading when the model left it out', async () => {
    server.enqueue({ text: '### 🎯 Objectives & Status\n* **Original Goal**: fix login' });
    const { text } = await summarize();
    assert.equal(text, '## 📌 Archived Session Summary\n### 🎯 Objectives & Status\n* **Original Goal**: fix login');
  });

  it('retries a transient failure of the summary call', async () => {
    server.enqueue({ fault: { kind: 'http', status: 503 } }, { text: filled });
    assert.equal((await summarize()).text, filled);
    assert.equal(server.requests.length, 2);
  });

  it('feeds compactHistory end to end: the summary replaces the old rounds', async () => {
    server.enqueue({ text: `Okay.\n${filled}` });
    const client = new OpenAiModelClient({ baseUrl: server.baseUrl, apiKey: 'k' });
    const b = new HistoryBuilder();
    for (let r = 0; r < 4; r++) b.round('xml', `r${r}`, 1);
    const clock = recordingClock();
    const result = await compactHistory(b.messages, {
      keepRecentRounds: 2,
      timeoutMs: 120_000,
      clock: { now: () => 42, sleep: () => new Promise<void>(() => {}) },
      newId: () => 'sum',
      summarize: (segment, range, signal) => summarizeWithModel(client, { model: 'm', segment, range, clock, signal, maxRetries: 0 }),
    });
    assert.equal(result.outcome, 'summarized');
    assert.equal(result.summary!.content, filled);
    assert.ok(sent().messages[1]!.content.includes('[user] Task r1: please fix src/r1.ts'));
    assert.ok(!sent().messages[1]!.content.includes('Task r2'));
  });
});

describe('normalizeSummary', () => {
  it('accepts a heading without the emoji or at another level, and writes the canonical one', () => {
    assert.equal(normalizeSummary('# Archived Session Summary\nbody'), '## 📌 Archived Session Summary\nbody');
  });

  it('rejects an empty reply so compaction falls back', () => {
    assert.throws(() => normalizeSummary(' \n'), /no text/);
  });
});
