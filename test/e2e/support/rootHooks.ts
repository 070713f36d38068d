// Mocha root hooks for the e2e suite (loaded through .mocharc.e2e.json `require`): prints each
// scenario's duration and CPU (testCpu.ts) and saves failure artifacts of anything a failed test left open.
import { captureIfFailed } from './failureArtifacts';
import { cpuOfTestProcesses, cpuSince, type CpuSeconds } from './testCpu';

const started = new WeakMap<object, { at: number; cpu: CpuSeconds }>();

export const mochaHooks = {
  beforeEach(this: Mocha.Context): void {
    if (this.currentTest) started.set(this.currentTest, { at: Date.now(), cpu: cpuOfTestProcesses() });
  },
  async afterEach(this: Mocha.Context): Promise<void> {
    const test = this.currentTest;
    const start = test ? started.get(test) : undefined;
    if (test && start !== undefined) console.log(`      ⏱ ${test.title}: ${((Date.now() - start.at) / 1000).toFixed(1)} s, ${cpuSince(start.cpu)}`);
    await captureIfFailed(this);
  },
};
