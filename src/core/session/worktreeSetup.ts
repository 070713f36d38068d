import { approvalFor, settingsForTurn } from '../agent/approvalGate';
import { OutputProgress } from '../agent/outputProgress';
import { resultDetail, summarizeResult } from '../agent/toolResultView';
import { errorMessage } from '../errorMessage';
import type { EventSink } from '../events';
import { createBashTool, maxTimeoutSeconds } from '../tools/bashTool';
import { ReadLedger } from '../tools/readLedger';
import { InMemoryTodoStore } from '../tools/todoStore';
import { ToolFailure } from '../tools/toolResults';
import type { ToolResult } from '../tools/toolTypes';
import type { AgentSessionDeps } from './agentSessionDeps';

/**
 * Spec §19 `worktree.setupCommand`: run once in a new worktree by the Bash tool itself, in the conversation's
 * workspace (the worktree), asked through the same approval as any command the agent runs — the auto-approve
 * settings and allow-list apply, nothing more — and shown as a Bash card of its own.
 */
export async function runSetupCommand(options: { deps: AgentSessionDeps; command: string; conversationId: string; emit: EventSink; signal: AbortSignal }): Promise<'success' | 'error' | 'rejected' | 'cancelled'> {
  const { deps, command, emit, signal } = options;
  const turnId = `setup-${deps.newId()}`;
  const callId = `${turnId}-bash`;
  const params = { command, timeout: maxTimeoutSeconds };
  emit({ type: 'toolCall', turnId, callId, name: 'Bash', params, partial: false });
  const output = new OutputProgress(deps.clock, (tail) => emit({ type: 'toolOutput', turnId, callId, tail }));
  let result: ToolResult;
  let status: 'success' | 'error' | 'rejected' | 'cancelled';
  try {
    result = await createBashTool().run(params, {
      fs: deps.fs, commands: deps.commands, search: deps.search, signal,
      readLedger: new ReadLedger(), todos: new InMemoryTodoStore(), conversationId: options.conversationId, callId,
      askUser: () => Promise.reject(new Error('The setup command cannot ask questions.')),
      approve: approvalFor({ approver: deps.approver, settings: settingsForTurn(deps.settings()), turnId, callId, emit, signal, l10n: deps.l10n }),
      onOutput: (chunk) => output.push(chunk),
    });
    status = signal.aborted ? 'cancelled' : result.status;
  } catch (error) {
    const code = error instanceof ToolFailure ? error.code : 'failed';
    result = { status: 'error', data: {}, error: { code, message: errorMessage(error) }, text: errorMessage(error) };
    status = code === 'rejected' ? 'rejected' : signal.aborted ? 'cancelled' : 'error';
  } finally {
    output.close();
  }
  emit({ type: 'toolResult', turnId, callId, name: 'Bash', status, summary: summarizeResult(result), detail: resultDetail('Bash', result) });
  return status;
}
