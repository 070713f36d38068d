import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '../../core/errorMessage';
import { McpCallFailure } from '../../core/mcp/mcpCallFailure';
import type { McpPromptInfo, McpPromptMessage, McpResourceInfo, McpTextPart } from '../../core/ports/mcpPrompts';

/** A server lists at most this many of each; more is not a list anyone picks from. */
const maxListed = 500;
const requestTimeoutMs = 30_000;

export async function listPrompts(client: Client, signal: AbortSignal): Promise<McpPromptInfo[]> {
  if (!client.getServerCapabilities()?.prompts) return [];
  const prompts: McpPromptInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listPrompts(cursor ? { cursor } : undefined, { signal, timeout: requestTimeoutMs });
    for (const prompt of page.prompts) {
      prompts.push({
        name: prompt.name,
        ...(prompt.description ? { description: prompt.description } : {}),
        arguments: (prompt.arguments ?? []).map((a) => ({ name: a.name, ...(a.description ? { description: a.description } : {}), required: a.required === true })),
      });
    }
    cursor = page.nextCursor;
  } while (cursor && prompts.length < maxListed);
  return prompts.slice(0, maxListed);
}

export async function getPrompt(client: Client, name: string, args: Record<string, string>, signal: AbortSignal): Promise<McpPromptMessage[]> {
  const result = await client.getPrompt({ name, arguments: args }, { signal, timeout: requestTimeoutMs });
  return result.messages.map((message) => ({ role: message.role, parts: [contentPart(message.content as Record<string, unknown>)] }));
}

export async function listResources(client: Client, signal: AbortSignal): Promise<McpResourceInfo[]> {
  if (!client.getServerCapabilities()?.resources) return [];
  const resources: McpResourceInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor ? { cursor } : undefined, { signal, timeout: requestTimeoutMs });
    for (const r of page.resources) {
      resources.push({ uri: r.uri, name: r.name, ...(r.description ? { description: r.description } : {}), ...(r.mimeType ? { mimeType: r.mimeType } : {}) });
    }
    cursor = page.nextCursor;
  } while (cursor && resources.length < maxListed);
  return resources.slice(0, maxListed);
}

export async function readResource(client: Client, uri: string, signal: AbortSignal): Promise<McpTextPart[]> {
  const result = await client.readResource({ uri }, { signal, timeout: requestTimeoutMs });
  return result.contents.map((content) => resourcePart(content as Record<string, unknown>));
}

function contentPart(content: Record<string, unknown>): McpTextPart {
  if (content.type === 'text' && typeof content.text === 'string') return { kind: 'text', text: content.text };
  if (content.type === 'resource' && typeof content.resource === 'object' && content.resource) return resourcePart(content.resource as Record<string, unknown>);
  if (content.type === 'resource_link' && typeof content.uri === 'string') return { kind: 'text', text: `(resource ${content.uri})`, uri: content.uri };
  const data = typeof content.data === 'string' ? content.data : '';
  return { kind: 'binary', bytes: Math.floor((data.length * 3) / 4), ...(typeof content.mimeType === 'string' ? { mimeType: content.mimeType } : {}) };
}

function resourcePart(content: Record<string, unknown>): McpTextPart {
  const uri = typeof content.uri === 'string' ? content.uri : undefined;
  const mimeType = typeof content.mimeType === 'string' ? content.mimeType : undefined;
  if (typeof content.text === 'string') return { kind: 'text', text: content.text, ...(uri ? { uri } : {}), ...(mimeType ? { mimeType } : {}) };
  const blob = typeof content.blob === 'string' ? content.blob : '';
  return { kind: 'binary', bytes: Math.floor((blob.length * 3) / 4), ...(uri ? { uri } : {}), ...(mimeType ? { mimeType } : {}) };
}

/** A request on a ready server's client; its errors as McpCallFailure, like a tool call's. */
export async function onReadyClient<T>(client: () => Client, signal: AbortSignal, request: (client: Client) => Promise<T>): Promise<T> {
  const ready = client();
  try {
    return await request(ready);
  } catch (error) {
    if (signal.aborted) throw new McpCallFailure('cancelled', 'Cancelled by the user.');
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) throw new McpCallFailure('timeout', error.message);
    throw new McpCallFailure('protocol', errorMessage(error));
  }
}
