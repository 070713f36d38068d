// Mocha root hooks for the e2e suite (loaded through .mocharc.e2e.json `require`): prints each
// scenario's duration and saves failure artifacts of anything a failed test left open.
import { captureIfFailed } from './failureArtifacts';

const started = new WeakMap<object, number>();

export const mochaHooks = {
  beforeEach(this: Mocha.Context): void {
    if (this.currentTest) started.set(this.currentTest, Date.now());
  },
  async afterEach(this: Mocha.Context): Promise<void> {
    const test = this.currentTest;
    const start = test ? started.get(test) : undefined;
    if (test && start !== undefined) console.log(`      ⏱ ${test.title}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
    await captureIfFailed(this);
  },
};
