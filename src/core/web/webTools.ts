import type { AnyToolDefinition } from '../tools/toolTypes';
import type { SearchProvider } from '../ports/searchProvider';
import type { WebAccess } from './webAccess';
import { createWebFetchTool } from './webFetchTool';
import { createWebSearchTool } from './webSearchTool';

/** The web tools a turn is offered (spec §22): none with web.enabled off, WebSearch only with a provider. */
export function webTools(enabled: boolean, access: WebAccess, provider: SearchProvider | undefined): AnyToolDefinition[] {
  if (!enabled) return [];
  const tools: AnyToolDefinition[] = [createWebFetchTool(access) as AnyToolDefinition];
  if (provider) tools.push(createWebSearchTool(provider) as AnyToolDefinition);
  return tools;
}
