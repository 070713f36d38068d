import { strict as assert } from 'node:assert';
import { waitForSettledProblems } from '../../../../src/core/languageServices/diagnosticsSettle';
import { FakeLanguageServices, VirtualClock, tsError } from './languageServicesKit';

const options = { quietMs: 300, firstReportMs: 1000, maxMs: 2000 };

describe('waiting for the problems to settle (spec §13)', () => {
  it('ends 300 ms after the last change', async () => {
    const clock = new VirtualClock();
    const services = new FakeLanguageServices();
    clock.after(120, () => services.setProblems('a.ts', [tsError(1, 'x')]));
    clock.after(400, () => services.setProblems('b.ts', [tsError(1, 'y')]));
    const outcome = await waitForSettledProblems(services, clock, options);
    assert.deepEqual({ settled: outcome.settled, waitedMs: outcome.waitedMs, changes: outcome.changes }, { settled: true, waitedMs: 700, changes: 2 });
    assert.deepEqual([...outcome.changedPaths], ['a.ts', 'b.ts']);
    assert.equal(services.listenerCount, 0, 'unsubscribed');
  });

  it('never waits longer than diagnosticsWaitMs while changes keep coming', async () => {
    const clock = new VirtualClock();
    const services = new FakeLanguageServices();
    for (let t = 100; t < 5000; t += 200) clock.after(t, () => services.setProblems('a.ts', [tsError(1, `m${t}`)]));
    const outcome = await waitForSettledProblems(services, clock, options);
    assert.equal(outcome.settled, false);
    assert.equal(outcome.waitedMs, 2000);
  });

  it('without any change, gives the server firstReportMs to start reporting', async () => {
    const clock = new VirtualClock();
    const outcome = await waitForSettledProblems(new FakeLanguageServices(), clock, options);
    assert.deepEqual({ settled: outcome.settled, waitedMs: outcome.waitedMs }, { settled: true, waitedMs: 1000 });
  });

  it('a stopped turn ends the wait at once', async () => {
    const clock = new VirtualClock();
    const controller = new AbortController();
    clock.after(50, () => controller.abort());
    const outcome = await waitForSettledProblems(new FakeLanguageServices(), clock, { ...options, signal: controller.signal });
    assert.ok(outcome.waitedMs < 300, String(outcome.waitedMs));
  });
});
