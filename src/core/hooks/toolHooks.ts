import type { ToolResult } from '../tools/toolTypes';
import type { HookDispatcher } from './hookDispatcher';

/** What the ReAct loop asks of hooks around one tool call (spec §17). */
export interface ToolHooks {
  /** PreToolUse: `blocked` stops the call (the text goes to the model); `ask` makes it ask the user whatever the settings say. */
  beforeTool(call: ToolHookCall, signal: AbortSignal): Promise<{ blocked?: string; ask?: string }>;
  /** PostToolUse: `feedback` (exit 2, `decision: "block"`) is added to the result the model reads. */
  afterTool(call: ToolHookCall, result: ToolResult, signal: AbortSignal): Promise<{ feedback?: string }>;
}

export interface ToolHookCall {
  name: string;
  params: Record<string, string>;
  callId: string;
}

const fileTools = new Set(['Read', 'Write', 'Edit', 'MultiEdit']);

/** Claude Code's hooks read `tool_input.file_path` (absolute) for its file tools; ours say `path`. Both are given. */
export function claudeToolInput(name: string, params: Record<string, string>, root: string): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) input[key] = /^\s*[[{]/.test(value) ? parseOr(value) : value;
  if (fileTools.has(name) && params.path) input.file_path = params.path.startsWith('/') ? params.path : `${root.replace(/\/+$/, '')}/${params.path.replace(/^\.\//, '')}`;
  return input;
}

function parseOr(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** ToolHooks over a dispatcher for one conversation. */
export function toolHooks(dispatcher: HookDispatcher, sessionId: string, root: string): ToolHooks {
  return {
    async beforeTool(call, signal) {
      const outcome = await dispatcher.run('PreToolUse', sessionId, { tool_name: call.name, tool_input: claudeToolInput(call.name, call.params, root), tool_use_id: call.callId }, signal);
      if (outcome.blocked) return { blocked: outcome.blocked };
      if (outcome.decision === 'deny') return { blocked: outcome.reason ?? 'Denied by a PreToolUse hook.' };
      // `allow` grants nothing: the call still goes through the user's approval settings (docs/security.md).
      if (outcome.decision === 'ask') return { ask: outcome.reason ?? 'A PreToolUse hook asks for your approval.' };
      return {};
    },
    async afterTool(call, result, signal) {
      const outcome = await dispatcher.run('PostToolUse', sessionId, {
        tool_name: call.name, tool_input: claudeToolInput(call.name, call.params, root), tool_use_id: call.callId,
        tool_response: { status: result.status, data: result.data, text: result.text.slice(0, 100_000) },
      }, signal);
      const feedback = [outcome.blocked, ...outcome.context].filter(Boolean).join('\n');
      return feedback ? { feedback } : {};
    },
  };
}
