import type { ToolCallEndEvent } from '../parser/parserEvents';
import type { ToolResult } from '../tools/toolTypes';

/** Tells the model which parameters of its call were dropped (spec §3), so it stops sending them. */
export function withIgnoredParamsNote(call: ToolCallEndEvent, result: ToolResult): ToolResult {
  const names = call.ignoredParams ?? [];
  if (names.length === 0) return result;
  const note = names.length === 1
    ? `Note: the parameter ${names[0]} is not one of ${call.name}'s and was ignored.`
    : `Note: the parameters ${names.join(', ')} are not ${call.name}'s and were ignored.`;
  return { ...result, text: `${result.text}\n\n${note}` };
}
