import type { McpCallResult, McpContent } from '../ports/mcpConnections';

/** What the model reads of a tool's result: its text, and one line for each image, audio or resource (spec §12). */
export function mcpResultText(result: McpCallResult): string {
  const parts = result.content.map(contentText);
  if (parts.length === 0 && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent, null, 2));
  return parts.length === 0 ? '(no content)' : parts.join('\n');
}

function contentText(item: McpContent): string {
  switch (item.type) {
    case 'text':
      return item.text;
    case 'image':
    case 'audio':
      return `[${item.type}: ${item.mimeType}, ${formatBytes(item.bytes)}]`;
    case 'resource': {
      const head = `[resource ${item.uri}${item.mimeType ? ` (${item.mimeType})` : ''}`;
      if (item.text !== undefined) return `${head}]\n${item.text}`;
      return `${head}, ${formatBytes(item.bytes ?? 0)} of binary data]`;
    }
    case 'resource_link':
      return `[resource link ${item.uri}${item.name ? ` "${item.name}"` : ''}${item.mimeType ? ` (${item.mimeType})` : ''}]`;
    case 'other':
      return `[${item.kind} content]`;
  }
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
