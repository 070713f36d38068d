// The hooks every e2e file needs: one scripted model server and one code-server per file,
// a browser page per test (or one window for the file's tests, `window: 'shared'`), failure artifacts,
// and everything stopped at the end.
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { BrowserSession } from './browserSession';
import { CodeServerInstance, type CodeServerOptions } from './codeServerInstance';
import { captureIfFailed } from './failureArtifacts';
import { SharedWindow } from './sharedWindow';

export interface CodeServerSuite {
  readonly model: ScriptedModelServer;
  readonly server: CodeServerInstance;
  /** Opens a browser page on the URL; it is closed after the test (or kept for the next, in a shared window). */
  openSession(url: string): Promise<BrowserSession>;
}

export interface CodeServerSuiteOptions extends CodeServerOptions {
  /**
   * `shared`: the file's tests run in one window, tidied between tests (sharedWindow.ts). For files whose tests
   * do not depend on what a window keeps beyond its workspace, settings, editors and conversation: the history
   * list, state kept once per window (notices said once, a tool protocol remembered), a view's size.
   */
  window?: 'per-test' | 'shared';
}

export function useCodeServerSuite(options: CodeServerSuiteOptions = {}): CodeServerSuite {
  let model: ScriptedModelServer | undefined;
  let server: CodeServerInstance | undefined;
  let session: BrowserSession | undefined;
  let shared: SharedWindow | undefined;

  before(async function () {
    const start = Date.now();
    model = await ScriptedModelServer.start();
    server = await CodeServerInstance.start(options);
    if (options.window === 'shared') {
      const window = new SharedWindow(server);
      shared = window;
      server.workspaceFactory = (workspace) => window.createWorkspace(workspace);
    }
    console.log(`      code-server up on ${server.baseUrl} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
  });

  after(async function () {
    if (shared) console.log(`      one window for the file's tests: ${shared.counts.boots} booted, ${shared.counts.reuses} reused`);
    await shared?.discard();
    await server?.stop();
    await model?.close();
  });

  afterEach(async function () {
    await captureIfFailed(this);
    if (shared) {
      model?.reset();
      await shared.afterTest(this.currentTest?.state === 'passed');
      return;
    }
    await session?.close();
    session = undefined;
    server?.reapClosedWindows();
    model?.reset();
  });

  return {
    get model() {
      if (!model) throw new Error('the model server starts in the suite\'s before hook');
      return model;
    },
    get server() {
      if (!server) throw new Error('code-server starts in the suite\'s before hook');
      return server;
    },
    async openSession(url) {
      if (shared) return shared.openSession(url);
      session = await BrowserSession.open(url);
      return session;
    },
  };
}
