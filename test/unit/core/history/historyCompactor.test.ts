import { strict as assert } from 'node:assert';
import { compactHistory, summaryTimedOutMessage, type CompactionOptions, type SummaryRange } from '../../../../src/core/history/historyCompactor';
import { toChatMessage, type HistoryMessage } from '../../../../src/core/history/historyMessage';
import { splitIntoRounds } from '../../../../src/core/history/rounds';
import type { Clock } from '../../../../src/core/ports/clock';
import { ModelError } from '../../../../src/core/ports/modelClient';
import { recordingClock } from '../../../support/recordingClock';
import { HistoryBuilder, nativePairsIntact, resultsFollowTheirCalls, seededRandom, userIndexes, type Protocol } from './historyBuilder';

interface SummarizeCall { segment: HistoryMessage[]; range: SummaryRange; signal: AbortSignal }

function options(overrides: Partial<CompactionOptions> = {}) {
  const calls: SummarizeCall[] = [];
  let ids = 0;
  const opts: CompactionOptions = {
    keepRecentRounds: 2,
    timeoutMs: 120_000,
    // A clock whose timeout never fires unless a test says so.
    clock: { now: () => Date.UTC(2025, 0, 3), sleep: () => new Promise<void>(() => {}) },
    newId: () => `summary-${ids++}`,
    summarize: async (segment, range, signal) => {
      calls.push({ segment, range, signal });
      return `## 📌 Archived Session Summary\nsummary #${calls.length} of ${segment.length} messages`;
    },
    ...overrides,
  };
  return { opts, calls };
}

describe('compactHistory', () => {
  for (const protocol of ['xml', 'native'] as Protocol[]) {
    it(`cuts on a round boundary, never between a tool call and its result (${protocol})`, async () => {
      const b = new HistoryBuilder();
      b.round(protocol, 'a', 1).round(protocol, 'b', 6).round(protocol, 'c', 5).round(protocol, 'd', 2);
      const h = b.messages;
      // A naive cut keeping the last 12 messages would start at a tool result whose call it drops.
      const naive = h.slice(-12);
      assert.equal(naive[0]!.kind, 'toolResult', 'precondition: the naive cut splits a pair');
      const { opts, calls } = options({ keepRecentRounds: 2 });
      const result = await compactHistory(h, opts);
      assert.equal(result.outcome, 'summarized');
      const kept = result.history.slice(1);
      assert.equal(kept[0]!.kind, 'user');
      assert.ok(resultsFollowTheirCalls(kept) && resultsFollowTheirCalls(calls[0]!.segment));
      if (protocol === 'native') assert.ok(nativePairsIntact(kept) && nativePairsIntact(calls[0]!.segment));
      assert.deepEqual(kept, h.slice(userIndexes(h)[2]));
      assert.deepEqual([...calls[0]!.segment, ...kept], h);
    });
  }

  it('keeps at least keepRecentRounds whole rounds, however uneven the rounds (property test)', async () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 200; trial++) {
      const protocol: Protocol = random() < 0.5 ? 'xml' : 'native';
      const b = new HistoryBuilder();
      if (random() < 0.3) b.summary('earlier');
      const roundCount = 1 + Math.floor(random() * 25);
      for (let r = 0; r < roundCount; r++) b.round(protocol, `r${r}`, Math.floor(random() ** 3 * 30));
      const keep = 1 + Math.floor(random() * 12);
      const { opts, calls } = options({ keepRecentRounds: keep });
      const result = await compactHistory(b.messages, opts);
      const before = splitIntoRounds(b.messages);
      const after = splitIntoRounds(result.history);
      if (roundCount <= keep) {
        assert.equal(result.outcome, 'nothingToDo');
        assert.deepEqual(result.history, b.messages);
        continue;
      }
      assert.equal(after.rounds.length, keep, `trial ${trial}`);
      assert.deepEqual(after.rounds, before.rounds.slice(-keep), 'kept rounds are whole and verbatim');
      assert.deepEqual(after.archived.slice(0, -1), before.archived);
      assert.equal(result.summarizedCount, calls[0]!.segment.length);
      assert.deepEqual(calls[0]!.segment, before.rounds.slice(0, -keep).flat());
      assert.ok(resultsFollowTheirCalls(result.history));
      if (protocol === 'native') assert.ok(nativePairsIntact(result.history));
    }
  });

  it('inserts the summary as a system message after existing summaries and before the kept rounds', async () => {
    const b = new HistoryBuilder().summary('S1').summary('S2');
    b.round('xml', 'a', 2).round('xml', 'b', 1).round('xml', 'c', 3).round('xml', 'd', 0);
    const segmentEnd = userIndexes(b.messages)[2]!;
    const { opts, calls } = options({ keepRecentRounds: 2 });
    const result = await compactHistory(b.messages, opts);
    assert.deepEqual(result.history.slice(0, 3).map((m) => m.kind), ['summary', 'summary', 'summary']);
    assert.deepEqual(result.history.slice(0, 2).map((m) => m.content), ['S1', 'S2']);
    const summary = result.history[2]!;
    assert.equal(summary, result.summary);
    assert.deepEqual(
      { id: summary.id, role: summary.role, kind: summary.kind, createdAt: summary.createdAt },
      { id: 'summary-0', role: 'system', kind: 'summary', createdAt: Date.UTC(2025, 0, 3) },
    );
    assert.match(summary.content, /^## 📌 Archived Session Summary\nsummary #1 of 10 messages$/);
    const segment = b.messages.slice(2, segmentEnd);
    assert.deepEqual(summary.summaryOf, { fromTime: segment[0]!.createdAt, toTime: segment.at(-1)!.createdAt, messageCount: 10 });
    assert.deepEqual(calls[0]!.range, summary.summaryOf);
    assert.equal(result.summarizedCount, 10);
    assert.equal(result.keptRounds, 2);
    assert.deepEqual(result.history.slice(3), b.messages.slice(segmentEnd));
    assert.deepEqual(toChatMessage(summary), { role: 'system', content: summary.content });
  });

  it('never sends an existing summary to be summarised again: a second compaction covers only what came after the first', async () => {
    const b = new HistoryBuilder();
    for (let r = 0; r < 6; r++) b.round('native', `first${r}`, 2);
    const first = options({ keepRecentRounds: 3 });
    const once = await compactHistory(b.messages, first.opts);
    const firstSummary = once.summary!;

    const later = new HistoryBuilder(Date.UTC(2025, 0, 4));
    for (let r = 0; r < 4; r++) later.round('native', `second${r}`, 1);
    const grown = [...once.history, ...later.messages];
    const second = options({ keepRecentRounds: 3, newId: () => 'summary-2' });
    const twice = await compactHistory(grown, second.opts);

    const segment = second.calls[0]!.segment;
    assert.ok(segment.every((m) => m.kind !== 'summary'));
    assert.ok(!segment.some((m) => m.content.includes(firstSummary.content)));
    // The segment is the 3 rounds kept by the first compaction plus the first of the 4 new ones.
    assert.deepEqual(segment, grown.slice(1, userIndexes(grown)[4]));
    assert.deepEqual(twice.history.slice(0, 2).map((m) => m.id), [firstSummary.id, 'summary-2']);
    assert.equal(twice.history[0], firstSummary, 'the first summary is kept as it is');
    assert.deepEqual(splitIntoRounds(twice.history).rounds.length, 3);
  });

  it('does nothing when no round is older than the kept ones', async () => {
    const b = new HistoryBuilder().summary('S').round('xml', 'a', 4).round('xml', 'b', 9);
    const { opts, calls } = options({ keepRecentRounds: 2 });
    const result = await compactHistory(b.messages, opts);
    assert.equal(result.outcome, 'nothingToDo');
    assert.equal(result.summarizedCount, 0);
    assert.deepEqual(result.history, b.messages);
    assert.equal(calls.length, 0);
  });

  it('falls back on timeout: drops the segment, keeps summaries and recent rounds, and says so in the exact words', async () => {
    const b = new HistoryBuilder().summary('S1');
    for (let r = 0; r < 5; r++) b.round('xml', `r${r}`, 2);
    let seenSignal: AbortSignal | undefined;
    const clock = recordingClock(); // its sleep returns at once: the deadline passes immediately
    const { opts } = options({
      keepRecentRounds: 2,
      clock,
      timeoutMs: 120_000,
      summarize: (_segment, _range, signal) => {
        seenSignal = signal;
        return new Promise<string>(() => {}); // a summary model that never answers
      },
    });
    const result = await compactHistory(b.messages, opts);
    assert.equal(result.outcome, 'fellBack');
    assert.equal(result.fallbackMessage, 'Summary generation timed out, keeping recent history only.');
    assert.equal(summaryTimedOutMessage(), 'Summary generation timed out, keeping recent history only.');
    assert.deepEqual(clock.sleeps, [120_000]);
    assert.equal(result.summary, undefined);
    assert.equal(result.summarizedCount, 18);
    assert.deepEqual(result.history, [b.messages[0]!, ...b.messages.slice(userIndexes(b.messages)[3])]);
    assert.equal(seenSignal?.aborted, true, 'the abandoned summary request is aborted');
    assert.equal((seenSignal?.reason as ModelError).kind, 'timeout');
  });

  it('falls back when the summary call fails, naming the error', async () => {
    const b = new HistoryBuilder();
    for (let r = 0; r < 4; r++) b.round('native', `r${r}`, 1);
    const { opts } = options({ summarize: async () => { throw new ModelError('auth', 'The endpoint refused the API key (401).'); } });
    const result = await compactHistory(b.messages, opts);
    assert.equal(result.outcome, 'fellBack');
    assert.equal(result.fallbackMessage, 'Summary generation failed (The endpoint refused the API key (401).), keeping recent history only.');
    assert.deepEqual(result.history, b.messages.slice(userIndexes(b.messages)[2]));
  });

  it('falls back when the model returns an empty summary', async () => {
    const b = new HistoryBuilder();
    for (let r = 0; r < 3; r++) b.round('xml', `r${r}`, 1);
    const { opts } = options({ summarize: async () => '  \n ' });
    const result = await compactHistory(b.messages, opts);
    assert.equal(result.outcome, 'fellBack');
    assert.match(result.fallbackMessage!, /^Summary generation failed \(.*empty.*\), keeping recent history only\.$/);
  });

  it('stops the deadline timer as soon as the summary arrives', async () => {
    const b = new HistoryBuilder();
    for (let r = 0; r < 3; r++) b.round('xml', `r${r}`, 1);
    const sleepSignals: (AbortSignal | undefined)[] = [];
    const clock: Clock = { now: () => 0, sleep: (_ms, signal) => { sleepSignals.push(signal); return new Promise<void>(() => {}); } };
    const result = await compactHistory(b.messages, options({ clock }).opts);
    assert.equal(result.outcome, 'summarized');
    assert.equal(sleepSignals.length, 1);
    assert.equal(sleepSignals[0]?.aborted, true);
  });

  it('rejects with the cancel reason when the user cancels, leaving the input history untouched', async () => {
    const b = new HistoryBuilder();
    for (let r = 0; r < 4; r++) b.round('xml', `r${r}`, 1);
    const snapshot = [...b.messages];
    const controller = new AbortController();
    let summarySignal: AbortSignal | undefined;
    const { opts } = options({
      signal: controller.signal,
      summarize: (_s, _r, signal) => {
        summarySignal = signal;
        queueMicrotask(() => controller.abort(new ModelError('cancelled', 'Cancelled by the user.')));
        return new Promise<string>(() => {});
      },
    });
    await assert.rejects(compactHistory(b.messages, opts), (error: unknown) => error instanceof ModelError && error.kind === 'cancelled');
    assert.equal(summarySignal?.aborted, true);
    assert.deepEqual(b.messages, snapshot);
  });

  it('reports progress once the split is known, before the summary is requested', async () => {
    const b = new HistoryBuilder();
    for (let r = 0; r < 5; r++) b.round('xml', `r${r}`, 0);
    const order: string[] = [];
    const { opts } = options({
      keepRecentRounds: 3,
      onSummarizing: (plan) => order.push(`plan ${plan.segment.length}/${plan.keptRounds}`),
      summarize: async () => { order.push('summarize'); return 'x'; },
    });
    await compactHistory(b.messages, opts);
    assert.deepEqual(order, ['plan 4/3', 'summarize']);
  });
});
