import * as assert from 'node:assert/strict';
import type { TranscriptEntry } from '../../../src/protocol/transcript';
import { useHarnessPage } from '../../support/harnessPage';

const bash = (status: string, meta: Record<string, unknown> = {}): TranscriptEntry => ({
  id: 'call-b', kind: 'tool-call', text: '', turnId: 't1', meta: { name: 'Bash', callId: 'b', params: { command: 'npm test' }, status, ...meta },
});

/** A running card's duration counts up in Chromium, on the page's clock (Playwright's fake one here). */
describe('a running tool card counts its duration', function () {
  this.timeout(60_000);
  const harness = useHarnessPage('transcriptDomHarness', 'window.acquireVsCodeApi = () => ({ postMessage: () => undefined, getState: () => undefined, setState: () => undefined });');
  before(() => harness.page.clock.install({ time: new Date('2026-11-23T12:00:00Z') }));

  const duration = () => harness.page.evaluate(() => document.querySelector('[data-id="call-b"] .tool-duration')?.textContent ?? '');
  const render = (entry: TranscriptEntry, how: 'add' | 'update') => harness.page.evaluate(([e, h]) => (h === 'add' ? window.transcriptHarness.add(e) : window.transcriptHarness.update(e)), [entry, how] as const);

  it('shows nothing for its first second, then whole seconds and minutes, then the measured duration when done', async () => {
    await harness.page.evaluate(() => window.transcriptHarness.reset([]));
    await render(bash('awaiting'), 'add');
    await harness.page.clock.runFor(5_000);
    assert.equal(await duration(), '', 'waiting for approval is not running');
    await render(bash('running'), 'update');
    assert.equal(await duration(), '');
    await harness.page.clock.runFor(1_000);
    assert.equal(await duration(), '1 s');
    // Updates of the running card (its output streaming) keep counting from when it started.
    await render(bash('running', { detail: { outputTail: 'building' } }), 'update');
    await harness.page.clock.runFor(64_000);
    assert.equal(await duration(), '1 m 5 s');
    await render(bash('done', { result: 'Exit code: 0', detail: { exitCode: 0, durationMs: 65_432 } }), 'update');
    assert.equal(await duration(), '1 m 5 s');
    await harness.page.clock.runFor(10_000);
    assert.equal(await duration(), '1 m 5 s', 'it stopped counting');
  });

  it('a card restored as running counts from when the panel showed it', async () => {
    await harness.page.evaluate((entries) => window.transcriptHarness.reset(entries), [bash('running')]);
    await harness.page.clock.runFor(3_000);
    assert.equal(await duration(), '3 s');
    await render(bash('cancelled'), 'update');
    assert.equal(await duration(), '');
  });
});
