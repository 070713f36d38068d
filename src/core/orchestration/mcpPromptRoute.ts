import { commandWords } from '../commands/commandExpansion';
import { userErrorMessage } from '../errorMessage';
import { mcpPromptText, parseMcpPromptInvocation } from '../mcp/mcpPromptText';
import type { McpConnections } from '../ports/mcpConnections';
import type { McpPromptsAndResources } from '../ports/mcpPrompts';
import { english, type Translator } from '../ports/translator';
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
  /** Words the notices and input prompts for the user (spec §20); English when absent. */
  l10n?: Translator;
}

/**
 * `/mcp.<server>.<prompt> [args]` (spec §17): the words typed fill the prompt's arguments in order, the user is asked
 * for the others (input boxes); the prompt's messages become the user message. undefined for any other text.
 */
export async function routeMcpPrompt(text: string, context: McpPromptRouteContext): Promise<MessageRoute | undefined> {
  if (!context.mcp) return undefined;
  const servers = context.mcp.servers().map((server) => server.name);
  const invocation = parseMcpPromptInvocation(text, servers);
  const l10n = context.l10n ?? english;
  if (!invocation) return /^\s*\/mcp\./.test(text) ? { kind: 'notice', text: noSuchPrompt(text.trim().split(/\s/)[0]!, servers, l10n) } : undefined;
  const { server, prompt: name, args } = invocation;
  const label = `/mcp.${server}.${name}`;
  try {
    const prompt = (await context.mcp.prompts(server, context.signal)).find((p) => p.name === name);
    if (!prompt) return { kind: 'notice', text: l10n.t('The MCP server "{0}" has no prompt "{1}".', server, name) };
    const words = commandWords(args);
    const values: Record<string, string> = {};
    for (const [index, argument] of prompt.arguments.entries()) {
      const typed = words[index];
      const value = typed ?? (context.inputs
        ? await context.inputs.ask({ title: label, prompt: `${argument.name}${argument.description ? `: ${argument.description}` : ''}${argument.required ? '' : ` ${l10n.t('(optional)')}`}` }, context.signal)
        : undefined);
      if (value === undefined && argument.required) return { kind: 'notice', text: l10n.t('{0}: no value was given for "{1}". Nothing was sent.', label, argument.name) };
      if (value) values[argument.name] = value;
    }
    const messages = await context.mcp.getPrompt(server, name, values, context.signal);
    return { kind: 'turn', text: mcpPromptText(messages), planMode: context.settings.agent.planMode, command: { name: label.slice(1) } };
  } catch (error) {
    if (context.signal.aborted) throw error;
    return { kind: 'notice', text: l10n.t('{0} failed: {1}', label, userErrorMessage(error, l10n)) };
  }
}

function noSuchPrompt(typed: string, servers: readonly string[], l10n: Translator): string {
  const prompts = l10n.t('Prompts are called {0}.', '`/mcp.<server>.<prompt>`');
  const known = servers.length ? l10n.t('Servers: {0}.', servers.join(', ')) : l10n.t('There are no MCP servers.');
  return `${l10n.t('No MCP server prompt matches "{0}".', typed)} ${prompts} ${known}`;
}
