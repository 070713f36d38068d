import { neutraliseOwnMarkup } from '../context/untrustedMarkup';
import type { McpPromptMessage, McpTextPart } from '../ports/mcpPrompts';

/** A prompt longer than this is cut: a server's prompt is a message, not a data dump. */
export const maxMcpPromptChars = 200_000;

/**
 * An MCP prompt's messages as the one user message CodeAgent sends (spec §17): each message's text in order, an
 * assistant message marked as such, binary content named, never inlined. The server is untrusted: our own markup
 * inside it is neutralised like a tool result's.
 */
export function mcpPromptText(messages: readonly McpPromptMessage[]): string {
  const text = messages
    .map((message) => {
      const body = message.parts.map(partText).join('\n\n');
      return message.role === 'assistant' ? `(The prompt's assistant message:)\n${body}` : body;
    })
    .join('\n\n');
  const cut = text.length > maxMcpPromptChars ? `${text.slice(0, maxMcpPromptChars)}\n[… the prompt was cut at ${maxMcpPromptChars} characters]` : text;
  return neutraliseOwnMarkup(cut);
}

export function partText(part: McpTextPart): string {
  if (part.kind === 'text') return part.text;
  return `[${part.mimeType ?? 'binary content'}${part.uri ? ` ${part.uri}` : ''}, ${part.bytes} bytes, not included]`;
}

/** `/mcp.<server>.<prompt> args`: the longest configured server name that fits wins (names may hold dots). */
export function parseMcpPromptInvocation(text: string, servers: readonly string[]): { server: string; prompt: string; args: string } | null {
  const match = /^\s*\/mcp\.(\S+)(?:\s+([\s\S]*))?$/.exec(text);
  if (!match) return null;
  const rest = match[1]!;
  const server = [...servers].sort((a, b) => b.length - a.length).find((name) => rest.startsWith(`${name}.`) && rest.length > name.length + 1);
  return server ? { server, prompt: rest.slice(server.length + 1), args: (match[2] ?? '').trim() } : null;
}
