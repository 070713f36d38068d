import { AgentSession } from '../../src/core/session/agentSession';
import type { AgentSessionDeps } from '../../src/core/session/agentSessionDeps';
import { PendingApprovals } from '../../src/core/agent/pendingDecisions';
import { createIdGenerator } from '../../src/core/ids';
import { Settings } from '../../src/core/settings';
import { createDefaultToolRegistry } from '../../src/core/tools/defaultTools';
import { createNodeToolPorts } from '../../src/node/createNodeToolPorts';
import { createModelClient } from '../../src/node/createModelClient';
import type { ScriptedModelServer } from '../fixtures/scriptedModelServer';
import { recordingClock } from './recordingClock';

export interface ScriptedAgentSessionOptions {
  /** `codeagent.model.*` over the defaults (the server's URL, `scripted-model`). */
  model?: Record<string, unknown>;
  approval?: Record<string, unknown>;
  /** Anything else the session takes (slash commands, user input, a shared id generator…). */
  deps?: Partial<AgentSessionDeps>;
}

/**
 * A real AgentSession (the real tools on the real directory `root`) whose model is the scripted OpenAI-compatible
 * server, over HTTP through the `openai` SDK (Chat Completions, or the Responses API as `model.api` says). Approvals wait on the returned PendingApprovals.
 */
export function scriptedAgentSession(server: ScriptedModelServer, root: string, options: ScriptedAgentSessionOptions = {}): { session: AgentSession; approvals: PendingApprovals } {
  const settings = Settings.parse({ model: { name: 'scripted-model', toolProtocol: 'xml', ...options.model, baseUrl: server.baseUrl }, approval: options.approval });
  const approvals = new PendingApprovals();
  const session = new AgentSession({
    model: () => createModelClient({ baseUrl: server.baseUrl, apiKey: undefined, api: settings.model.api }),
    clock: recordingClock(),
    settings: () => settings,
    tools: createDefaultToolRegistry(),
    ...createNodeToolPorts({ workspaceRoot: root }),
    approver: approvals,
    newId: createIdGenerator(() => 0, 't'),
    environment: () => ({ os: 'TestOS', shell: 'bash', workspaceRoot: root }),
    ...options.deps,
  });
  return { session, approvals };
}
