import { countOf } from '../core/plural';
import type { McpServerState } from '../core/ports/mcpConnections';

/** The part of the `CodeAgent` output channel (a LogOutputChannel) the MCP log writes to. */
export interface McpLogChannel {
  info(message: string): void;
  error(message: string): void;
}

/** One line per state change in the output channel `CodeAgent`; a failure carries the server's last stderr lines. */
export function logMcpState(output: McpLogChannel, state: McpServerState): void {
  const name = `MCP server "${state.name}" (${state.transport})`;
  switch (state.status) {
    case 'starting':
      return output.info(`${name}: starting`);
    case 'ready':
      return output.info(`${name}: ready with ${countOf(state.tools.length, 'tool')} in ${state.startupMs ?? '?'} ms`);
    case 'stopped':
      return output.info(`${name}: stopped`);
    case 'notAllowed':
      return output.info(`${name}: ${state.error ?? 'not started — not allowed'}`);
    case 'failed': {
      const stderr = state.stderrTail.length ? `\n  last stderr lines:\n${state.stderrTail.map((line) => `    ${line}`).join('\n')}` : '';
      return output.error(`${name}: failed: ${state.error ?? 'unknown reason'}${stderr}`);
    }
  }
}
