import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../../src/core/events';
import { HistoryManager, type CompactionSettings } from '../../../../src/core/history/historyManager';
import type { Summarize } from '../../../../src/core/history/historyCompactor';
import type { Clock } from '../../../../src/core/ports/clock';
import { ModelError } from '../../../../src/core/ports/modelClient';
import { Settings } from '../../../../src/core/settings';
import { HistoryBuilder } from './historyBuilder';

const settings: CompactionSettings = Settings.parse({ model: { contextWindow: 10_000 }, context: { compactThreshold: 0.8, keepRecentRounds: 2, summaryTimeoutSeconds: 5 } });
const neverTimesOut: Clock = { now: () => Date.UTC(2025, 0, 3), sleep: () => new Promise<void>(() => {}) };
const timesOutAtOnce: Clock = { now: () => Date.UTC(2025, 0, 3), sleep: async () => {} };

function manager(clock: Clock = neverTimesOut, rounds = 5, usage = { inputTokens: 7_500, outputTokens: 500 }) {
  const b = new HistoryBuilder();
  for (let r = 0; r < rounds; r++) b.round('native', `r${r}`, 2, r === rounds - 1 ? usage : undefined);
  let ids = 0;
  return { history: new HistoryManager({ clock, newId: () => `id${ids++}` }, b.messages), built: b.messages };
}

function collect() {
  const events: AgentEvent[] = [];
  return { events, emit: (e: AgentEvent) => events.push(e) };
}

const summarize: Summarize = async (segment) => `## 📌 Archived Session Summary\n${segment.length} messages`;

describe('HistoryManager', () => {
  it('appends messages and splits them into rounds', () => {
    const { history, built } = manager(neverTimesOut, 3);
    assert.equal(history.messages.length, built.length);
    history.append({ id: 'u', createdAt: 9, kind: 'user', role: 'user', content: 'next' });
    assert.equal(history.rounds().rounds.length, 4);
  });

  it('leaves history alone and emits nothing below the threshold', async () => {
    const { history, built } = manager();
    const { events, emit } = collect();
    const report = await history.compactIfNeeded({ input: 'hi', lastUsageTokens: 7_000, settings, summarize, emit });
    assert.deepEqual(report.decision, { compact: false, inputTokens: 1, estimatedTokens: 7_001, limitTokens: 8_000 });
    assert.equal(report.result, undefined);
    assert.deepEqual(events, []);
    assert.deepEqual(history.messages, built);
  });

  it('compacts at the threshold with visible progress and replaces the history', async () => {
    const { history } = manager();
    const { events, emit } = collect();
    const report = await history.compactIfNeeded({ input: '继续', lastUsageTokens: 7_998, settings, summarize, emit });
    assert.equal(report.decision.compact, true);
    assert.equal(report.result!.outcome, 'summarized');
    assert.deepEqual(events, [
      { type: 'compaction', phase: 'started', message: 'Summarising 18 older messages…' },
      { type: 'compaction', phase: 'finished', message: 'Compacted 18 messages into a summary; kept the last 2 rounds.' },
    ]);
    assert.equal(history.messages[0]!.kind, 'summary');
    assert.equal(history.messages[0]!.content, '## 📌 Archived Session Summary\n18 messages');
    assert.equal(history.rounds().rounds.length, 2);
  });

  it('falls back on timeout, telling the user in the exact words', async () => {
    const { history } = manager(timesOutAtOnce);
    const { events, emit } = collect();
    const report = await history.compactIfNeeded({ input: 'go on', lastUsageTokens: 9_000, settings, summarize: () => new Promise(() => {}), emit });
    assert.equal(report.result!.outcome, 'fellBack');
    assert.deepEqual(events.at(-1), { type: 'compaction', phase: 'fellBack', message: 'Summary generation timed out, keeping recent history only.' });
    assert.deepEqual(history.messages.map((m) => m.kind).filter((k) => k === 'summary'), []);
    assert.equal(history.rounds().rounds.length, 2);
  });

  it('takes the last recorded usage when the caller gives none, and an estimate once a compaction made it stale', async () => {
    const { history } = manager(neverTimesOut, 5, { inputTokens: 7_900, outputTokens: 100 });
    const first = await history.compactIfNeeded({ input: '', settings, summarize, emit: () => {} });
    assert.equal(first.decision.estimatedTokens, 8_000);
    assert.equal(first.result!.outcome, 'summarized');
    // The kept rounds still carry the 8 000-token usage, but it measured the context before compaction.
    const second = await history.compactIfNeeded({ input: '', settings, summarize, emit: () => {} });
    assert.equal(second.decision.compact, false);
    assert.ok(second.decision.estimatedTokens < 1_000, `estimated ${second.decision.estimatedTokens}`);
    history.append({ id: 'a', createdAt: 5_000, kind: 'assistant', role: 'assistant', content: 'ok', usage: { inputTokens: 8_100, outputTokens: 10 } });
    const third = await history.compactIfNeeded({ input: '', settings, summarize, emit: () => {} });
    assert.equal(third.decision.estimatedTokens, 8_110);
  });

  it('ignores usage recorded before the last summary when reopening a saved conversation', async () => {
    const { history } = manager();
    await history.compactIfNeeded({ input: '', lastUsageTokens: 9_000, settings, summarize, emit: () => {} });
    const reopened = new HistoryManager({ clock: neverTimesOut, newId: () => 'x' }, history.messages);
    const report = await reopened.compactIfNeeded({ input: '', settings, summarize, emit: () => {} });
    assert.equal(report.decision.compact, false);
  });

  it('closes the progress on cancel, rethrows, and keeps the history', async () => {
    const { history, built } = manager();
    const { events, emit } = collect();
    const controller = new AbortController();
    const cancelling: Summarize = () => {
      queueMicrotask(() => controller.abort(new ModelError('cancelled', 'Cancelled by the user.')));
      return new Promise(() => {});
    };
    await assert.rejects(history.compactIfNeeded({ input: '', lastUsageTokens: 9_000, settings, summarize: cancelling, emit, signal: controller.signal }), /Cancelled/);
    assert.deepEqual(events.map((e) => e.type === 'compaction' && e.phase), ['started', 'finished']);
    assert.deepEqual(history.messages, built);
  });
});
