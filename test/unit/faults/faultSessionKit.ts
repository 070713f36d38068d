import { AgentSession } from '../../../src/core/session/agentSession';
import type { Approver } from '../../../src/core/agent/approvalGate';
import { PendingApprovals } from '../../../src/core/agent/pendingDecisions';
import type { AgentEvent } from '../../../src/core/events';
import { createIdGenerator } from '../../../src/core/ids';
import type { AgentCatalog } from '../../../src/core/orchestration/agentCatalog';
import { createFullToolRegistry } from '../../../src/core/orchestration/toolSets';
import type { Clock } from '../../../src/core/ports/clock';
import type { WorkspaceFs } from '../../../src/core/ports/workspaceFs';
import { Settings } from '../../../src/core/settings';
import type { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { createNodeToolPorts } from '../../../src/node/createNodeToolPorts';
import { OpenAiModelClient } from '../../../src/node/openaiModelClient';
import type { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { recordingClock } from '../../support/recordingClock';

export interface FaultSessionOptions {
  /** Settings beside the model's endpoint and name (deep values as `Settings.parse` takes them). */
  settings?: { model?: Record<string, unknown>; context?: Record<string, unknown>; approval?: Record<string, unknown> };
  tools?: ToolRegistry | (() => ToolRegistry);
  clock?: Clock;
  /** Wraps the real workspace file system (a disk that refuses writes, say). */
  fs?: (fs: WorkspaceFs) => WorkspaceFs;
  idleTimeoutMs?: number;
  /** Who answers approvals; a PendingApprovals nobody decides on when absent. */
  approver?: Approver;
  /** Named agents (spec §7). */
  agents?: AgentCatalog;
  inputReminder?: () => string;
  requestReminder?: () => string;
}

/** An AgentSession as the extension builds it, over the scripted server and a real workspace (the fault suites, MCP turns). */
export function faultSession(server: ScriptedModelServer, workspaceRoot: string, options: FaultSessionOptions = {}): AgentSession {
  const { model, ...rest } = options.settings ?? {};
  const settings = Settings.parse({ model: { baseUrl: server.baseUrl, name: 'scripted-model', toolProtocol: 'xml', ...model }, ...rest });
  const ports = createNodeToolPorts({ workspaceRoot });
  return new AgentSession({
    model: () => new OpenAiModelClient({ baseUrl: server.baseUrl, apiKey: undefined, idleTimeoutMs: options.idleTimeoutMs }),
    clock: options.clock ?? recordingClock(),
    settings: () => settings,
    tools: options.tools ?? createFullToolRegistry(),
    ...ports,
    fs: options.fs ? options.fs(ports.fs) : ports.fs,
    approver: options.approver ?? new PendingApprovals(),
    agents: options.agents,
    inputReminder: options.inputReminder,
    requestReminder: options.requestReminder,
    newId: createIdGenerator(() => 0, 't'),
    environment: () => ({ os: 'TestOS', shell: 'bash', workspaceRoot }),
  });
}

/** Sends one message; every event of the turn, passed on to `onEvent` as it happens. */
export async function sendRecorded(session: AgentSession, text: string, onEvent: (event: AgentEvent) => void = () => {}) {
  const events: AgentEvent[] = [];
  const end = await session.send(text, (event) => {
    events.push(event);
    onEvent(event);
  });
  return { events, end };
}
