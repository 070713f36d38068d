import { ScriptedModelServer } from '../fixtures/scriptedModelServer';
import { TempWorkspace } from '../unit/core/tools/toolTestKit';

export interface ScriptedWorkspace {
  readonly server: ScriptedModelServer;
  readonly ws: TempWorkspace;
}

/**
 * For a mocha suite that runs turns against the scripted model: one server for the suite, reset before each
 * test, and a fresh temporary workspace per test holding `files` (removed after it).
 */
export function useScriptedWorkspace(files: Record<string, string>): ScriptedWorkspace {
  let server: ScriptedModelServer | undefined;
  let ws: TempWorkspace | undefined;
  before(async () => {
    server = await ScriptedModelServer.start();
  });
  after(() => server?.close());
  beforeEach(async () => {
    server!.reset();
    ws = await TempWorkspace.create(files);
  });
  afterEach(() => ws?.cleanup());
  return {
    get server() {
      if (!server) throw new Error('the scripted server starts in the suite\'s before hook');
      return server;
    },
    get ws() {
      if (!ws) throw new Error('the workspace is created before each test');
      return ws;
    },
  };
}
