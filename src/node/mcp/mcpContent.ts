import type { McpContent } from '../../core/ports/mcpConnections';

/** MCP `CallToolResult.content` items as the core sees them: binary payloads reduced to their size. */
export function toMcpContent(item: Record<string, unknown>): McpContent {
  switch (item.type) {
    case 'text':
      return { type: 'text', text: String(item.text ?? '') };
    case 'image':
    case 'audio':
      return { type: item.type, mimeType: String(item.mimeType ?? 'application/octet-stream'), bytes: base64Bytes(item.data) };
    case 'resource': {
      const resource = (item.resource ?? {}) as Record<string, unknown>;
      const mimeType = typeof resource.mimeType === 'string' ? resource.mimeType : undefined;
      if (typeof resource.text === 'string') return { type: 'resource', uri: String(resource.uri ?? ''), mimeType, text: resource.text };
      return { type: 'resource', uri: String(resource.uri ?? ''), mimeType, bytes: base64Bytes(resource.blob) };
    }
    case 'resource_link':
      return { type: 'resource_link', uri: String(item.uri ?? ''), name: typeof item.name === 'string' ? item.name : undefined, mimeType: typeof item.mimeType === 'string' ? item.mimeType : undefined };
    default:
      return { type: 'other', kind: String(item.type) };
  }
}

function base64Bytes(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}
