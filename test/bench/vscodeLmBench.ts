import '../support/useFakeVscode';
import * as fake from '../support/fakeVscode';
import { copilotGpt, scriptedLanguageModel } from '../support/fakeLanguageModels';
import { scriptedAgentSession } from '../support/scriptedAgentSession';
import { ScriptedModelServer } from '../fixtures/scriptedModelServer';
import { TempWorkspace } from '../unit/core/tools/toolTestKit';
import { median } from './benchStats';
import { reportFigure } from './benchSummary';
import { Settings } from '../../src/core/settings';
import type { AgentSession } from '../../src/core/session/agentSession';
import { VscodeLmClient } from '../../src/vscode/lm/vscodeLmClient';
import { VscodeModels } from '../../src/vscode/lm/vscodeModels';
import { withVscodeModel } from '../../src/vscode/lm/vscodeModelSettings';

const ROUNDS = 30;
const TARGET_MS = 10;

/**
 * Issue 55: Send → the first request of a turn, on a VS Code chat model (VscodeLmClient, whose provider answers
 * from the scripted server as Copilot's from its service) beside the endpoint's Chat Completions client, one turn
 * of each in turn on the same server, in a real AgentSession with its real tools. The time is when the server has
 * the request's body; the VS Code path includes the provider's own conversion, as a real provider's would.
 */
export async function runVscodeLmBench(): Promise<void> {
  const server = await ScriptedModelServer.start();
  const ws = await TempWorkspace.create({ 'src/a.ts': 'export const a = 1;\n'.repeat(50) });
  try {
    fake.setFakeChatModels([scriptedLanguageModel(server.baseUrl, copilotGpt)]);
    const models = new VscodeModels();
    await models.refresh();
    const base = { name: 'scripted-model', baseUrl: server.baseUrl, toolProtocol: 'native' };
    const chat = scriptedAgentSession(server, ws.root, { model: base }).session;
    const lmSettings = withVscodeModel(() => Settings.parse({ model: { ...base, api: 'vscode', vscodeModel: { vendor: 'copilot', family: 'gpt-5.1', id: 'gpt-5.1' } } }), models);
    const lm = scriptedAgentSession(server, ws.root, { deps: { settings: lmSettings, model: () => new VscodeLmClient({ models, settings: lmSettings, justification: 'bench' }) } }).session;
    const times = { chat: [] as number[], vscode: [] as number[] };
    const turn = async (session: AgentSession, into: number[]) => {
      server.enqueue({ text: 'ok' });
      const before = server.requests.length;
      const sentAt = Date.now();
      await session.send('How many lines has src/a.ts?', () => {});
      into.push(server.requests[before]!.receivedAt - sentAt);
    };
    // One warm-up turn each (module loading, the first connection), then the two in turn.
    await turn(chat, []);
    await turn(lm, []);
    for (let i = 0; i < ROUNDS; i++) {
      await turn(chat, times.chat);
      await turn(lm, times.vscode);
    }
    const chatMs = median(times.chat);
    const lmMs = median(times.vscode);
    console.log(`\nSend → first request of a turn, median of ${ROUNDS} turns each`);
    console.log(`  Chat Completions client: ${chatMs.toFixed(1)} ms (max ${Math.max(...times.chat)} ms)`);
    console.log(`  VS Code chat model:      ${lmMs.toFixed(1)} ms (max ${Math.max(...times.vscode)} ms)`);
    reportFigure({ area: 'vscode.lm', figure: 'Send → first request, chat client (median)', value: `${chatMs.toFixed(1)} ms` });
    reportFigure({ area: 'vscode.lm', figure: 'Send → first request, VS Code model (median)', value: `${lmMs.toFixed(1)} ms` });
    reportFigure({ area: 'vscode.lm', figure: 'VS Code model minus chat client', value: `${(lmMs - chatMs).toFixed(1)} ms`, target: `<= ${TARGET_MS} ms`, ok: lmMs - chatMs <= TARGET_MS });
  } finally {
    fake.setFakeChatModels([]);
    await ws.cleanup();
    await server.close();
  }
}
