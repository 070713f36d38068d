// History compaction (spec §9): with a 1000-token window and the 0.8 threshold, a session of short
// rounds crosses 800 tokens (last usage + the new input's estimate) just before its 13th message;
// the summary is a separate request using prompts/summary.md, shown in the panel, and the next chat
// request carries the summary as a system message followed by the 10 most recent rounds verbatim.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RecordedRequest } from '../fixtures/scriptedModelServer';
import { sendAndWaitForTurn, transcriptEntries } from './support/chatPanel';
import { eventually } from './support/eventually';
import { chatPosts, contentText, describeMessages, messagesOf } from './support/modelRequests';
import { projectRoot } from './support/paths';
import { useCodeServerSuite } from './support/codeServerSuite';

const SUMMARY_HEADING = '## 📌 Archived Session Summary';
const SUMMARY_PROMPT = fs.readFileSync(path.join(projectRoot, 'prompts', 'summary.md'), 'utf8');
const SUMMARY_MARKER = 'SUMMARY-OF-M01-M02';
const SUMMARY_TEXT = `${SUMMARY_HEADING}\n*(Contains context from start to cutoff)*\n\n### 🎯 Objectives & Status\n* **Original Goal**: count messages (${SUMMARY_MARKER})`;

const ROUNDS = 13;
const KEEP = 10;
const pad = (n: number) => String(n).padStart(2, '0');
const userText = (n: number) => `Message m${pad(n)}`;
const answerText = (n: number) => `Answer a${pad(n)}.`;

/**
 * Usage reported by the reply to message n. Threshold: 0.8 × 1000 = 800; "Message mNN" is 11 ASCII
 * characters, estimated at ceil(11/3) = 4 tokens. After m11 the total is 790 (+4 = 794: no compaction
 * before m12); after m12 it is 800 (+4 = 804: compaction before m13).
 */
function usageAfter(n: number): { prompt_tokens: number; completion_tokens: number } {
  if (n === 11) return { prompt_tokens: 780, completion_tokens: 10 };
  if (n === 12) return { prompt_tokens: 790, completion_tokens: 10 };
  return { prompt_tokens: 100 + n, completion_tokens: 10 };
}

function isSummaryRequest(request: RecordedRequest): boolean {
  const messages = Array.isArray(request.body?.messages) ? request.body.messages : [];
  return messages[0]?.role === 'system' && contentText(messages[0].content).includes(SUMMARY_HEADING);
}

describe('history compaction', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  it('summarises old rounds with the template and keeps the recent rounds verbatim', async function () {
    suite.model.setResponder((request) => {
      if (isSummaryRequest(request)) return { text: SUMMARY_TEXT, usage: { prompt_tokens: 150, completion_tokens: 40 } };
      const messages = messagesOf(request);
      const n = Number(/Message m(\d+)/.exec(messages[messages.length - 1]?.content ?? '')?.[1] ?? NaN);
      if (!Number.isFinite(n)) throw new Error(`unexpected chat request:\n${describeMessages(request)}`);
      return { text: answerText(n), usage: usageAfter(n) };
    });
    const workspace = suite.server.createWorkspace({
      modelBaseUrl: suite.model.baseUrl,
      settings: {
        'codeagent.model.contextWindow': 1000,
        'codeagent.context.compactThreshold': 0.8,
        'codeagent.context.keepRecentRounds': KEEP,
      },
    });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();

    const roundsStart = Date.now();
    for (let n = 1; n <= ROUNDS; n++) {
      await sendAndWaitForTurn(chat, userText(n));
      await transcriptEntries(chat, 'assistant').filter({ hasText: answerText(n) }).first().waitFor({ timeout: 10_000 });
      if (n < ROUNDS) assert.equal(suite.model.requests.filter(isSummaryRequest).length, 0, `no compaction before message ${n + 1}`);
    }
    if (process.env.CODEAGENT_E2E_DEBUG) console.log(`      ${ROUNDS} rounds in ${((Date.now() - roundsStart) / 1000).toFixed(1)} s`);

    // Requests: 12 chat requests, then the summary, then the chat request of m13.
    const posts = chatPosts(suite.model);
    assert.equal(posts.length, ROUNDS + 1, `expected ${ROUNDS} chat requests and one summary request, got ${posts.length}`);
    const summaryRequests = posts.filter(isSummaryRequest);
    assert.equal(summaryRequests.length, 1, 'one summary request');
    assert.equal(posts.indexOf(summaryRequests[0]!), ROUNDS - 1, 'the summary is requested when m13 arrives, before its chat request');

    // The summary request: system = the template prompt, user = the archived rounds m01–m02 only.
    const summary = messagesOf(summaryRequests[0]!);
    assert.equal(summary[0]!.role, 'system');
    assert.equal(summary[0]!.content.trim(), SUMMARY_PROMPT.trim(), 'the summary request uses prompts/summary.md');
    const archived = summary.filter((m) => m.role !== 'system').map((m) => m.content).join('\n');
    for (const n of [1, 2]) {
      assert.ok(archived.includes(userText(n)) && archived.includes(answerText(n)), `round ${n} is summarised:\n${describeMessages(summaryRequests[0]!)}`);
    }
    for (let n = 3; n <= ROUNDS; n++) assert.ok(!archived.includes(userText(n)), `round ${n} is not summarised`);
    assert.equal(summaryRequests[0]!.body.model, 'scripted-model', 'summary model defaults to the chat model');

    // The chat request of m13: system prompt, the summary as a system message, rounds m03–m12 verbatim, m13.
    const next = posts[ROUNDS]!;
    const messages = messagesOf(next);
    const dump = describeMessages(next);
    assert.equal(messages[0]!.role, 'system');
    assert.ok(!messages[0]!.content.includes(SUMMARY_MARKER), 'the system prompt stays as it was');
    const summaryIndex = messages.findIndex((m) => m.role === 'system' && m.content.includes(SUMMARY_MARKER));
    assert.ok(summaryIndex === 1 || summaryIndex === 2, `the summary is the second or third message:\n${dump}`);
    assert.ok(messages[summaryIndex]!.content.startsWith(SUMMARY_HEADING), `the summary keeps its heading: ${messages[summaryIndex]!.content}`);
    const rest = messages.slice(summaryIndex + 1);
    const expected: Array<{ role: string; content: string }> = [];
    for (let n = ROUNDS - KEEP; n < ROUNDS; n++) expected.push({ role: 'user', content: userText(n) }, { role: 'assistant', content: answerText(n) });
    expected.push({ role: 'user', content: userText(ROUNDS) });
    assert.deepEqual(rest, expected, `${KEEP} whole recent rounds, verbatim, then the new message:\n${dump}`);
    for (const n of [1, 2]) assert.ok(!messages.some((m) => m.content.includes(userText(n))), `m0${n} was replaced by the summary`);

    // The panel shows the compaction, and keeps the whole transcript visible.
    const compaction = transcriptEntries(chat, 'compaction');
    await compaction.first().waitFor({ timeout: 10_000 });
    await eventually(async () => assert.match((await compaction.first().textContent()) ?? '', /Compacted|summary/i), { message: 'the compaction entry reports the summary' });
    assert.equal(await transcriptEntries(chat, 'user').count(), ROUNDS, 'all user messages stay in the transcript');
  });
});
