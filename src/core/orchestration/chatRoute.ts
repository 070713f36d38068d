import type { CommandCatalog } from '../commands/commandCatalog';
import type { UserInputPrompt } from '../ports/userInput';
import { routeFileCommand } from './commandRoute';
import { routeMcpPrompt, type McpExtras } from './mcpPromptRoute';
import { mcpResourceContext } from './mcpResourceContext';
import { routeMessage, type MessageRoute, type RouteContext } from './messageRoute';

export interface ChatRouteContext extends RouteContext {
  commands: CommandCatalog | undefined;
  mcp: McpExtras | undefined;
  inputs: UserInputPrompt | undefined;
  signal: AbortSignal;
}

/**
 * A chat message → its route: an MCP server's prompt (`/mcp.…`), a command file's command, or routeMessage's
 * (`/plan`, `/agents`, `@agent`, a plain message); then its `@mcp:` resources attached as context.
 */
export async function routeChatMessage(text: string, context: ChatRouteContext): Promise<MessageRoute> {
  const route = (await routeMcpPrompt(text, context)) ?? (await routeFileCommand(text, context)) ?? routeMessage(text, context);
  if (route.kind !== 'turn' || !context.mcp) return route;
  const attached = await mcpResourceContext(route.text, context.mcp, context.signal);
  // Attached after the text's own mentions are read (sessionTurn): a resource's content never acts as a mention.
  return attached ? { ...route, attached } : route;
}
