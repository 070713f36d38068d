import type { CommandCatalog } from '../commands/commandCatalog';
import type { CommandDefinition } from '../commands/commandDefinition';
import { commandInputs, expandCommand, maxCommandInputs, parseCommandInvocation } from '../commands/commandExpansion';
import { builtInCommandNames } from '../commands/commandDefinition';
import { english } from '../ports/translator';
import type { UserInputPrompt } from '../ports/userInput';
import { agentTurn, type MessageRoute, type RouteContext } from './messageRoute';

export interface CommandRouteContext extends RouteContext {
  commands: CommandCatalog | undefined;
  /** Asks for `${input:…}` values; without it a command that needs one is refused. */
  inputs: UserInputPrompt | undefined;
  signal: AbortSignal;
}

/**
 * `/name args` of a command file (spec §17) → the turn its expanded prompt runs as. undefined for any other text
 * (built-ins and unknown names included: `/plan` is routeMessage's, `/unknown` stays a normal message).
 */
export async function routeFileCommand(text: string, context: CommandRouteContext): Promise<MessageRoute | undefined> {
  const invocation = parseCommandInvocation(text);
  if (!invocation || builtInCommandNames.includes(invocation.name.toLowerCase())) return undefined;
  if (!context.commands) return undefined;
  await context.commands.ready();
  // A file the watcher has not reported yet (a polling watcher, a folder just created) is found by loading again.
  const command = context.commands.get(invocation.name) ?? (await context.commands.reload(), context.commands.get(invocation.name));
  if (!command) return undefined;
  const answers = await askInputs(command, context);
  if (typeof answers === 'string') return { kind: 'notice', text: answers };
  const prompt = expandCommand(command.body, invocation.args, answers);
  const turn = { name: command.name, tools: command.tools, model: command.model };
  if (command.agent === 'plan') return { kind: 'turn', text: prompt, planMode: true, command: turn };
  if (command.agent) {
    const route = agentTurn(command.agent, prompt, undefined, context);
    return route.kind === 'turn' ? { ...route, command: turn } : { kind: 'notice', text: `/${command.name} (${command.source.path}): ${route.text}` };
  }
  return { kind: 'turn', text: prompt, planMode: context.settings.agent.planMode, command: turn };
}

/** The `${input:…}` answers, or why the command is not sent. */
async function askInputs(command: CommandDefinition, context: CommandRouteContext): Promise<Map<string, string> | string> {
  const inputs = commandInputs(command.body);
  const answers = new Map<string, string>();
  const l10n = context.l10n ?? english;
  if (inputs.length > maxCommandInputs) {
    return l10n.t('{0} asks for {1} inputs; a command may ask for at most {2} ({3}). Nothing was sent.', `/${command.name}`, inputs.length, maxCommandInputs, command.source.path);
  }
  for (const input of inputs) {
    const answer = context.inputs
      ? await context.inputs.ask({ title: `/${command.name}`, prompt: input.name, defaultValue: input.defaultValue }, context.signal)
      : input.defaultValue;
    if (answer === undefined) return l10n.t('{0}: no value was given for "{1}". Nothing was sent.', `/${command.name}`, input.name);
    answers.set(input.name, answer);
  }
  return answers;
}
