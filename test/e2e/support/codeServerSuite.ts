// The hooks every e2e file needs: one scripted model server per file, one code-server per file and a browser page
// per test (or, with `window: 'shared'`, one window kept from test to test and from file to file), failure
// artifacts, and everything stopped at the end.
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
  /** The last openSession gave a shared window kept from an earlier test, which said already what a window says once. */
  readonly keptWindow: boolean;
  /** The test leaves its window unlike a new one (its extension host killed, say): it is reloaded before the next test. */
  renewWindowAfterTest(reason: string): void;
}

export interface CodeServerSuiteOptions extends CodeServerOptions {
  /**
   * `shared`: the file's tests run in one window, tidied between tests (sharedWindow.ts). For files whose tests
   * do not depend on what a window keeps beyond its workspace, settings, editors and conversation: the history
   * list, state kept once per window (notices said once, a tool protocol remembered), a view's size.
   */
  window?: 'per-test' | 'shared';
}

/**
 * This test process's shared window for files with the default code-server options, kept from one file to the next:
 * a mocha worker runs many files, and each file's first window would otherwise cost a code-server and a window boot.
 * It stops when the process exits (codeServerInstance.ts kills what is still running then). A file with options of
 * its own (a HOME, a locale, an environment) has its window to itself, stopped with the file: an idle window left
 * open for options no other file uses would cost CPU for the rest of the run.
 */
let pooled: { server: CodeServerInstance; window: SharedWindow } | undefined;

function usesDefaults(options: CodeServerSuiteOptions): boolean {
  return Object.entries(options).every(([key, value]) => key === 'window' || value === undefined);
}

async function sharedWindowFor(options: CodeServerSuiteOptions): Promise<{ server: CodeServerInstance; window: SharedWindow }> {
  const poolable = usesDefaults(options);
  if (poolable && pooled?.server.running) return pooled;
  const server = await CodeServerInstance.start(options);
  const window = new SharedWindow(server);
  server.workspaceFactory = (workspace) => window.createWorkspace(workspace);
  if (poolable) pooled = { server, window };
  return { server, window };
}

export function useCodeServerSuite(options: CodeServerSuiteOptions = {}): CodeServerSuite {
  let model: ScriptedModelServer | undefined;
  let server: CodeServerInstance | undefined;
  let session: BrowserSession | undefined;
  let shared: SharedWindow | undefined;
  let counted = { boots: 0, reuses: 0 };

  before(async function () {
    const start = Date.now();
    model = await ScriptedModelServer.start();
    if (options.window === 'shared') {
      ({ server, window: shared } = await sharedWindowFor(options));
      counted = { ...shared.counts };
    } else server = await CodeServerInstance.start(options);
    console.log(`      code-server ${shared && counted.boots + counted.reuses > 0 ? 'kept from an earlier file' : 'up'} on ${server.baseUrl} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
  });

  after(async function () {
    if (shared) console.log(`      shared window: ${shared.counts.boots - counted.boots} booted, ${shared.counts.reuses - counted.reuses} reused`);
    // The pooled window and its code-server stay for the next file of this process.
    if (!shared || shared !== pooled?.window) {
      await shared?.discard();
      await server?.stop();
    }
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
    get keptWindow() {
      return shared?.kept ?? false;
    },
    renewWindowAfterTest(reason) {
      shared?.spoil(reason);
    },
    async openSession(url) {
      if (shared) return shared.openSession(url);
      session = await BrowserSession.open(url);
      return session;
    },
  };
}
