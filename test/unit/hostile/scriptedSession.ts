import type { AgentSessionDeps } from '../../../src/core/session/agentSessionDeps';
import type { AgentEvent } from '../../../src/core/events';
import type { AgentSession } from '../../../src/core/session/agentSession';
import type { PendingApprovals } from '../../../src/core/agent/pendingDecisions';
import type { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { scriptedAgentSession } from '../../support/scriptedAgentSession';
import { until } from '../../support/until';
import type { CommandCatalog } from '../../../src/core/commands/commandCatalog';
import type { UserInputPrompt } from '../../../src/core/ports/userInput';

export interface ScriptedSession {
  session: AgentSession;
  approvals: PendingApprovals;
  /** Sends one message; every approval request is answered by `decide` (default: rejected), after `events` saw it. */
  run(text: string, decide?: (event: Extract<AgentEvent, { type: 'approval' }>) => 'accepted' | 'rejected' | undefined): Promise<{ events: AgentEvent[]; end: string }>;
}

/** A real AgentSession (real tools on a real directory) talking to the scripted OpenAI-compatible server. */
export function scriptedSession(server: ScriptedModelServer, root: string, options: { protocol?: 'xml' | 'native'; approval?: Record<string, unknown>; deps?: Partial<AgentSessionDeps>; slashCommands?: CommandCatalog; userInput?: UserInputPrompt } = {}): ScriptedSession {
  const { session, approvals } = scriptedAgentSession(server, root, {
    model: { toolProtocol: options.protocol ?? 'xml', maxRetries: 0 },
    approval: options.approval,
    deps: { slashCommands: options.slashCommands, userInput: options.userInput, ...options.deps },
  });
  return {
    session,
    approvals,
    async run(text, decide = () => 'rejected') {
      const events: AgentEvent[] = [];
      const end = await session.send(text, (event) => {
        events.push(event);
        if (event.type === 'approval' && event.phase === 'request') {
          const decision = decide(event);
          if (decision) void until(() => approvals.decide(event.callId, { decision })); // as soon as it waits
        }
      });
      return { events, end: String(end) };
    },
  };
}
