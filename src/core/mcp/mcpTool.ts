import type { McpConnections, McpToolInfo } from '../ports/mcpConnections';
import { dataOf, historyRecord, tailLines } from '../tools/historyRecord';
import { clip } from '../tools/textLines';
import { ToolFailure, throwIfCancelled } from '../tools/toolResults';
import type { AnyToolDefinition, ToolDefinition } from '../tools/toolTypes';
import { McpCallFailure } from './mcpCallFailure';
import { mcpParamSchema } from './mcpParamSchema';
import { mcpResultText } from './mcpResultText';
import { mcpToolDoc } from './mcpToolDoc';
import { errorMessage } from '../errorMessage';
import { countOf } from '../plural';

/** Spec §12: a call that takes longer is abandoned (the server is told it was cancelled). */
export const mcpCallTimeoutMs = 60_000;
const historyTailLines = 20;
const errorMessageChars = 500;

export interface McpToolData {
  server: string;
  tool: string;
  isError: boolean;
  durationMs: number;
  /** What the model read (text content, other content summarised). */
  output: string;
}

/** A tool of an MCP server as a regular tool of the registry: validated against its schema, approved, called, compressed like Bash. */
export function mcpTool(name: string, server: string, info: McpToolInfo, connections: McpConnections, timeoutMs = mcpCallTimeoutMs): AnyToolDefinition {
  const { schema, paramNames, required } = mcpParamSchema(info.inputSchema);
  const label = `${server}/${info.name}`;
  const tool: ToolDefinition<Record<string, unknown>> = {
    name,
    kind: info.readOnly ? 'read' : 'command',
    schema,
    inputJsonSchema: nativeSchema(info.inputSchema),
    doc: mcpToolDoc(name, server, info, paramNames, required),
    paramNames,

    async run(params, ctx) {
      throwIfCancelled(ctx.signal);
      const decision = await ctx.approve({ kind: 'mcp', tool: name, server, serverTool: info.name, arguments: params, readOnly: info.readOnly });
      if (decision.decision === 'rejected') {
        const feedback = decision.feedback?.trim();
        throw new ToolFailure('rejected', `The user rejected the call of ${label}; it was not run.${feedback ? ` User feedback: ${feedback}` : ''}`);
      }
      let result;
      try {
        result = await connections.callTool(server, info.name, params, { signal: ctx.signal, timeoutMs });
      } catch (error) {
        throw asToolFailure(error, label, timeoutMs, ctx.signal);
      }
      const output = mcpResultText(result);
      const data: McpToolData = { server, tool: info.name, isError: result.isError, durationMs: result.durationMs, output };
      const text = `${label} ${result.isError ? 'reported an error' : 'returned'} (${result.durationMs} ms):\n${output}`;
      if (!result.isError) return { status: 'success', data, text };
      return { status: 'error', data, error: { code: 'tool_error', message: clip(output, errorMessageChars) }, text };
    },

    compress(_params, result) {
      const data = dataOf<McpToolData>(result);
      if (data.output === undefined) return historyRecord(result, undefined);
      const lines = data.output.trim() === '' ? 0 : data.output.replace(/\s+$/, '').split('\n').length;
      return historyRecord(result, {
        summary: `${label}: ${data.isError ? 'error' : 'success'} after ${data.durationMs ?? 0} ms; ${countOf(lines, 'line')} of output`,
        ...(lines > 0 ? { outputTail: tailLines(data.output.split('\n').map((line) => clip(line, 200)).join('\n'), historyTailLines) } : {}),
      });
    },
  };
  return tool as AnyToolDefinition;
}

function asToolFailure(error: unknown, label: string, timeoutMs: number, signal: AbortSignal): ToolFailure {
  if (signal.aborted || (error instanceof McpCallFailure && error.reason === 'cancelled')) return new ToolFailure('cancelled', `The call of ${label} was cancelled by the user.`);
  if (error instanceof McpCallFailure && error.reason === 'timeout') return new ToolFailure('timeout', `${label} did not answer within ${timeoutMs / 1000} s; the call was abandoned.`);
  if (error instanceof McpCallFailure && error.reason === 'unavailable') return new ToolFailure('server_unavailable', error.message);
  return new ToolFailure('mcp_error', `${label} failed: ${errorMessage(error)}`);
}

/** The declaration for native function calling: the server's schema as it is, minus the keys providers reject. */
function nativeSchema(inputSchema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = inputSchema;
  return { type: 'object', properties: {}, ...rest };
}
