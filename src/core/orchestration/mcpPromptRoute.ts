import { commandWords } from '../commands/commandExpansion';
import { errorMessage } from '../errorMessage';
import { mcpPromptText, parseMcpPromptInvocation } from '../mcp/mcpPromptText';
import type { McpConnections } from '../ports/mcpConnections';
import type { McpPromptsAndResources } from '../ports/mcpPrompts';
import type { UserInputPrompt } from '../ports/userInput';
import type { Settings } from '../settings';
import type { MessageRoute } from './messageRoute';

/** The MCP servers with their prompts and resources, as the session gets them from its host. */
export type McpExtras = McpPromptsAndResources & Pick<McpConnections, 'servers'>;

export interface McpPromptRouteContext {
  mcp: McpExtras | undefined;
  inputs: UserInputPrompt | undefined;
  settings: Settings;
  signal: AbortSignal;
}

/**
 * `/mcp.<server>.<prompt> [args]` (spec §17): the words typed fill the prompt's arguments in order, the user is asked
 * for the others (input boxes); the prompt's messages become the user message. undefined for any other text.
 */
export async function routeMcpPrompt(text: string, context: McpPromptRouteContext): Promise<MessageRoute | undefined> {
  if (!context.mcp) return undefined;
  const servers = context.mcp.servers().map((server) => server.name);
  const invocation = parseMcpPromptInvocation(text, servers);
  if (!invocation) return /^\s*\/mcp\./.test(text) ? { kind: 'notice', text: `No MCP server prompt matches "${text.trim().split(/\s/)[0]}". Prompts are called /mcp.<server>.<prompt>; servers: ${servers.join(', ') || 'none'}.` } : undefined;
  const { server, prompt: name, args } = invocation;
  const label = `/mcp.${server}.${name}`;
  try {
    const prompt = (await context.mcp.prompts(server, context.signal)).find((p) => p.name === name);
    if (!prompt) return { kind: 'notice', text: `The MCP server "${server}" has no prompt "${name}".` };
    const words = commandWords(args);
    const values: Record<string, string> = {};
    for (const [index, argument] of prompt.arguments.entries()) {
      const typed = words[index];
      const value = typed ?? (context.inputs
        ? await context.inputs.ask({ title: label, prompt: `${argument.name}${argument.description ? `: ${argument.description}` : ''}${argument.required ? '' : ' (optional)'}` }, context.signal)
        : undefined);
      if (value === undefined && argument.required) return { kind: 'notice', text: `${label}: no value was given for "${argument.name}". Nothing was sent.` };
      if (value) values[argument.name] = value;
    }
    const messages = await context.mcp.getPrompt(server, name, values, context.signal);
    return { kind: 'turn', text: mcpPromptText(messages), planMode: context.settings.agent.planMode, command: { name: label.slice(1) } };
  } catch (error) {
    if (context.signal.aborted) throw error;
    return { kind: 'notice', text: `${label} failed: ${errorMessage(error)}` };
  }
}
