import { neutraliseOwnMarkup } from '../context/untrustedMarkup';
import { errorMessage } from '../errorMessage';
import { partText } from '../mcp/mcpPromptText';
import { boundedContextText } from '../mentions/contextFileText';
import { cdata, xmlAttribute, xmlText } from '../mentions/contextXml';
import type { McpPromptsAndResources } from '../ports/mcpPrompts';

/** At most this many resources are read per message. */
export const maxMcpResourceMentions = 5;

/** `@mcp:<server>:<uri>`: an MCP server's resource attached from the `@` completion (spec §17). */
const resourceMention = /(?:^|[^A-Za-z0-9])@mcp:([^\s:]+):(\S+)/g;

export function findResourceMentions(text: string): { server: string; uri: string }[] {
  const seen = new Set<string>();
  const found: { server: string; uri: string }[] = [];
  for (const match of text.matchAll(resourceMention)) {
    const key = `${match[1]}\u0000${match[2]}`;
    if (!seen.has(key)) found.push({ server: match[1]!, uri: match[2]! });
    seen.add(key);
  }
  return found;
}

/**
 * The `<Context>` block for a message's `@mcp:` resources, read from their servers like `@file:` contents (spec §5):
 * within the same bounds, our own markup neutralised, a resource that cannot be read a `<Warning>`. '' without any.
 */
export async function mcpResourceContext(text: string, mcp: McpPromptsAndResources, signal: AbortSignal): Promise<string> {
  const mentions = findResourceMentions(text);
  if (!mentions.length) return '';
  const elements: string[] = [];
  for (const { server, uri } of mentions.slice(0, maxMcpResourceMentions)) {
    try {
      const parts = await mcp.readResource(server, uri, signal);
      const content = boundedContextText(parts.map(partText).join('\n'));
      const truncated = content.truncation ? ` truncated="${xmlAttribute(content.truncation)}"` : '';
      const mimeType = parts.find((p) => p.mimeType)?.mimeType;
      elements.push(`<Resource server="${xmlAttribute(server)}" uri="${xmlAttribute(uri)}"${mimeType ? ` mimeType="${xmlAttribute(mimeType)}"` : ''}${truncated}>${cdata(neutraliseOwnMarkup(content.text))}</Resource>`);
    } catch (error) {
      if (signal.aborted) throw error;
      elements.push(`<Warning>${xmlText(`@mcp:${server}:${uri} could not be read: ${errorMessage(error)}`)}</Warning>`);
    }
  }
  if (mentions.length > maxMcpResourceMentions) elements.push(`<Warning>${mentions.length - maxMcpResourceMentions} more resources were not read: at most ${maxMcpResourceMentions} per message.</Warning>`);
  return `<Context>\n${elements.join('\n')}\n</Context>`;
}
