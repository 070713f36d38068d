import * as path from 'node:path';
import type { Context, Func } from 'mocha';
import { installLoopbackOnlyNetwork } from './loopbackOnlyNetwork';

/**
 * A root hook (loaded by .mocharc.unit.json) for the web's test files: each of their tests runs with the network
 * limited to loopback, and the test itself fails if it tried anything else, even when the refusal went unnoticed.
 * (Failing the test, not an afterEach hook, keeps the file's other tests running: each broken rule shows.)
 */
export function isWebTestFile(file: string | undefined): boolean {
  if (!file) return false;
  return file.split(path.sep).includes('web') || /^(hostile)?Web(?!view)|^web(?!view)/.test(path.basename(file));
}

export const mochaHooks = {
  beforeEach(this: Context) {
    const test = this.currentTest;
    const body = test?.fn;
    if (!test || !body || !isWebTestFile(test.file)) return;
    if (body.length > 0) throw new Error(`${test.title}: a web test returns a promise (no done callback), so the network guard can wrap it`);
    test.fn = async function guarded(this: Context) {
      const guard = installLoopbackOnlyNetwork();
      let failure: unknown;
      try {
        await (body as Func).call(this, () => undefined);
      } catch (error) {
        failure = error;
      } finally {
        guard.uninstall();
      }
      if (guard.refused.length > 0) {
        const also = failure instanceof Error ? ` (and the test failed: ${failure.message})` : '';
        throw new Error(`the test tried to leave this machine, refused by the network guard: ${guard.refused.join('; ')}${also}`);
      }
      if (failure !== undefined) throw failure;
    };
  },
};
