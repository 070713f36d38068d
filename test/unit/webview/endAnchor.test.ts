import * as assert from 'node:assert/strict';
import { useHarnessPage } from '../../support/harnessPage';

/** The end of the transcript stays above the sticky footer while the user is at it (Chromium, real layout). */
describe('keepEndInView in Chromium', function () {
  this.timeout(60_000);
  const harness = useHarnessPage('endAnchorHarness');
  const run = <T>(fn: () => T | Promise<T>) => harness.page.evaluate(fn);

  it('at the end: the footer growing keeps the last card\'s button visible above it', async () => {
    await run(() => window.endHarness.scrollToEnd());
    assert.equal(await run(() => window.endHarness.buttonVisible()), true);
    await run(() => window.endHarness.growFooter(150));
    assert.equal(await run(() => window.endHarness.buttonVisible()), true, 'the button slid under the footer');
  });

  it('at the end: the last card growing after it was placed keeps its button in view', async () => {
    await run(() => window.endHarness.scrollToEnd());
    await run(() => window.endHarness.growLastCard(120));
    assert.equal(await run(() => window.endHarness.buttonVisible()), true, 'the button went below the fold');
  });

  it('scrolled up to read: neither growth moves the page', async () => {
    await run(() => window.endHarness.scrollToEnd());
    await run(() => window.endHarness.scrollBy(-800));
    const before = await run(() => window.endHarness.scrollTop());
    await run(() => window.endHarness.growFooter(100));
    await run(() => window.endHarness.growLastCard(100));
    assert.equal(await run(() => window.endHarness.scrollTop()), before);
  });
});
