import subagentSection from '../../../prompts/subagent.md';
import type { Approver } from '../agent/approvalGate';
import { buildSystemPrompt } from '../agent/systemPrompt';
import type { SessionEnvironment } from '../contracts/sessionEnvironment';
import type { EventSink } from '../events';
import type { Clock } from '../ports/clock';
import type { ModelClient, TokenUsage } from '../ports/modelClient';
import type { Translator } from '../ports/translator';
import type { Settings } from '../settings';
import { childToolRegistry } from '../subagents/childTools';
import { runSubagent, type SubagentToolContext } from '../subagents/subagentRunner';
import type { SubagentOutcome, SubagentRequest } from '../contracts/subagentRequest';
import type { FileChange } from '../tools/approval';
import { ReadLedger } from '../tools/readLedger';
import { InMemoryTodoStore } from '../tools/todoStore';
import type { ToolRegistry } from '../tools/toolRegistry';
import type { AgentDefinition } from '../agents/agentDefinition';
import type { ToolHooks } from '../hooks/toolHooks';
import type { AgentCatalog } from './agentCatalog';
import { agentMayUse } from './toolSets';
import { isReadOnlyAgent } from './turnTaskTool';

export interface SubagentLauncherDeps {
  model: () => ModelClient;
  clock: Clock;
  settings: Settings;
  /** Every tool; each child gets its share (childToolRegistry and the named agent's allow/deny). */
  tools: ToolRegistry;
  approver: Approver;
  ports: Pick<SubagentToolContext, 'fs' | 'commands' | 'search' | 'askUser' | 'conversationId'>;
  catalog: AgentCatalog | undefined;
  environment: SessionEnvironment;
  date: string;
  rules: (touchedPaths: readonly string[]) => Promise<string>;
  hooks?: ToolHooks;
  fallbackContextSummary: () => string;
  emit: EventSink;
  onUsage: (usage: TokenUsage) => void;
  onFileChanged?: (change: FileChange) => void;
  newId: () => string;
  /** Words the children's notices and errors for the user (spec §20). */
  l10n?: Translator;
}

/** ToolContext.runSubagent for one parent turn: resolves the named agent, narrows the tools, runs the child. */
export function subagentLauncher(deps: SubagentLauncherDeps): (request: SubagentRequest, signal: AbortSignal) => Promise<SubagentOutcome> {
  return async (request, signal) => {
    const agent = request.agent ? deps.catalog?.get(request.agent) : undefined;
    if (request.agent && !agent) {
      const names = deps.catalog?.names() ?? [];
      return failed(`There is no agent named "${request.agent}". ${names.length ? `Agents: ${names.join(', ')}.` : 'No named agents are defined.'} Leave agent out to use a general sub-agent.`);
    }
    const tools = childToolRegistry(deps.tools, agent ? (name) => agentMayUse(agent.tools, name) : undefined);
    return runSubagent(request, {
      model: deps.model(),
      clock: deps.clock,
      settings: deps.settings,
      tools,
      approver: deps.approver,
      toolContext: { ...deps.ports, readLedger: new ReadLedger(), todos: new InMemoryTodoStore(), supportsImages: deps.settings.model.supportsImages },
      systemPrompt: subagentSystemPrompt(tools, deps.settings.model.toolProtocol === 'xml' ? 'xml' : 'native', { ...deps.environment, date: deps.date }, agent),
      modelName: agent?.model,
      rules: deps.rules,
      hooks: deps.hooks,
      fallbackContextSummary: deps.fallbackContextSummary,
      emit: deps.emit,
      onUsage: deps.onUsage,
      onFileChanged: deps.onFileChanged,
      newId: deps.newId,
      l10n: deps.l10n,
    }, signal);
  };
}

/** L1 of a child: its own tools' docs, a named agent's body as the role, and the sub-agent section. */
export function subagentSystemPrompt(tools: ToolRegistry, protocol: 'xml' | 'native', environment: SessionEnvironment & { date: string }, agent?: AgentDefinition): string {
  return buildSystemPrompt({ protocol, toolDocs: tools.list().map((tool) => tool.doc), ...environment, role: agent?.systemPrompt, modeSection: subagentSection });
}

/** Task calls whose child can only read may run side by side (spec §7). */
export function concurrentSafeTask(tools: ToolRegistry, catalog: AgentCatalog | undefined): (call: { name: string; params: Record<string, string> }) => boolean {
  return (call) => {
    if (call.name !== 'Task' || !call.params.agent) return false;
    const agent = catalog?.get(call.params.agent.trim());
    return agent !== undefined && isReadOnlyAgent(tools, agent);
  };
}

function failed(result: string): SubagentOutcome {
  return { status: 'failed', result, filesChanged: [], steps: 0, usage: { inputTokens: 0, outputTokens: 0, cost: 0 } };
}
