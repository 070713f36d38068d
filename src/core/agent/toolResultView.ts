import type { McpToolData } from '../mcp/mcpTool';
import type { BashData } from '../tools/bashTool';
import type { EditData } from '../tools/fileEdit';
import { dataOf } from '../tools/historyRecord';
import type { ToolResult } from '../tools/toolTypes';
import type { WriteData } from '../tools/writeTool';
import type { MemoryData } from '../memory/memoryTool';
import type { ToolResultDetail } from '../contracts/toolResultDetail';
import { english, type Translator } from '../ports/translator';


/** The first lines of a result are what the card shows (its first line, the rest on demand). */
const SUMMARY_LINES = 30;
const SUMMARY_CHARS = 3000;
export const OUTPUT_TAIL_LINES = 15;
const OUTPUT_TAIL_CHARS = 2000;

/** The card's copy of a result: the model's text (English, spec §20), with what the card adds in the user's words. */
export function summarizeResult(result: ToolResult, l10n: Translator = english): string {
  const text = result.status === 'error' && result.error ? result.error.message : mcpOutput(result) ?? result.text;
  const lines = text.split('\n');
  const head = lines.slice(0, SUMMARY_LINES).join('\n');
  if (head.length > SUMMARY_CHARS) return `${head.slice(0, SUMMARY_CHARS)}…`;
  const more = lines.length - SUMMARY_LINES;
  return more > 0 ? `${head}\n… (${more === 1 ? l10n.t('1 more line') : l10n.t('{0} more lines', more)})` : head;
}

export function resultDetail(tool: string, result: ToolResult): ToolResultDetail | undefined {
  const detail = changeDetail(tool, result);
  const newProblems = dataOf<{ newProblems: string[] }>(result).newProblems;
  if (!Array.isArray(newProblems) || newProblems.length === 0) return detail;
  return { ...(detail ?? {}), newProblems };
}

function changeDetail(tool: string, result: ToolResult): ToolResultDetail | undefined {
  switch (tool) {
    case 'Bash': {
      const data = dataOf<BashData>(result);
      if (data.stdout === undefined || data.stderr === undefined) return undefined;
      return { exitCode: data.exitCode ?? null, timedOut: data.timedOut, durationMs: data.durationMs, outputTail: outputTail(`${data.stdout}${data.stderr}`), ...(data.sandboxed ? { sandboxed: true } : {}), ...(data.unasked ? { unasked: data.unasked } : {}) };
    }
    case 'Edit':
    case 'MultiEdit': {
      const data = dataOf<EditData>(result);
      if (typeof data.diff !== 'string' || typeof data.path !== 'string') return undefined;
      const lines = data.diff.split('\n');
      return {
        path: data.path,
        added: lines.filter((l) => l.startsWith('+') && !l.startsWith('+++')).length,
        removed: lines.filter((l) => l.startsWith('-') && !l.startsWith('---')).length,
      };
    }
    case 'Write': {
      const data = dataOf<WriteData>(result);
      if (typeof data.path !== 'string') return undefined;
      // Created or overwritten, a Write that changed the file shows its +/− and its diff, like an Edit.
      if (typeof data.added !== 'number' || typeof data.removed !== 'number' || data.added + data.removed === 0) return { path: data.path };
      return { path: data.path, added: data.added, removed: data.removed };
    }
    case 'Memory': {
      const change = dataOf<MemoryData>(result).change;
      return change ? { memory: { diff: change.diff, added: change.added, removed: change.removed, undo: change.undo } } : undefined;
    }
    default:
      return undefined;
  }
}

/** An MCP tool's output without the line that introduces it for the model (the card shows the tool and duration). */
function mcpOutput(result: ToolResult): string | undefined {
  const data = dataOf<Partial<McpToolData>>(result);
  return typeof data.server === 'string' && typeof data.tool === 'string' && typeof data.output === 'string' ? data.output : undefined;
}

/** The last lines of some output, at most a couple of thousand characters. */
export function outputTail(output: string): string {
  const lines = output.replace(/\s+$/, '').split('\n');
  const tail = lines.slice(-OUTPUT_TAIL_LINES).join('\n');
  return tail.length > OUTPUT_TAIL_CHARS ? `…${tail.slice(-OUTPUT_TAIL_CHARS)}` : tail;
}
