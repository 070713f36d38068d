// The hooks every e2e file needs: one scripted model server and one code-server per file,
// a fresh browser page per test, failure artifacts, and everything stopped at the end.
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { BrowserSession } from './browserSession';
import { CodeServerInstance, type CodeServerOptions } from './codeServerInstance';
import { captureIfFailed } from './failureArtifacts';

export interface CodeServerSuite {
  readonly model: ScriptedModelServer;
  readonly server: CodeServerInstance;
  /** Opens a browser page on the URL; it is closed after the test. */
  openSession(url: string): Promise<BrowserSession>;
}

export function useCodeServerSuite(options: CodeServerOptions = {}): CodeServerSuite {
  let model: ScriptedModelServer | undefined;
  let server: CodeServerInstance | undefined;
  let session: BrowserSession | undefined;

  before(async function () {
    const start = Date.now();
    model = await ScriptedModelServer.start();
    server = await CodeServerInstance.start(options);
    console.log(`      code-server up on ${server.baseUrl} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
  });

  after(async function () {
    await server?.stop();
    await model?.close();
  });

  afterEach(async function () {
    await captureIfFailed(this);
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
      session = await BrowserSession.open(url);
      return session;
    },
  };
}
