import template from '../../../prompts/tools/task.md';
import { renderTemplate } from '../promptTemplate';

/** A named agent as the Task doc lists it. */
export interface ListedAgent {
  name: string;
  description?: string;
  /** Its tools only read: several such Tasks in one message run at the same time. */
  readOnly: boolean;
}

/** Agent files come from the repository: one line each, and not a page of anyone's prose in every request. */
const maxDescriptionChars = 200;

/**
 * The Task doc for one turn: the loaded named agents with their descriptions (`undefined`: not known
 * here, so `agent` is documented without a list; none: no `agent` parameter), and `task_id` only where
 * a plan exists.
 */
export function taskDoc(agents: readonly ListedAgent[] | undefined, planMode: boolean): string {
  const listing = agents?.length
    ? `\nNamed agents (pass one as \`agent\` to run the subtask with its instructions and tools; several Tasks in one message that each name a read-only agent run at the same time):\n${agents.map(agentLine).join('\n')}\n`
    : '';
  const agentParameter = agents?.length === 0 ? '' : `\n- agent (optional): ${agents ? 'one of the named agents above' : 'the name of a named agent'} to run the subtask as; without it, a general sub-agent runs.`;
  const taskIdParameter = planMode ? '\n- task_id (optional): the id of the plan task this subtask carries out; the plan is updated with the outcome.' : '';
  return renderTemplate(template, { agents: listing, agentParameter, taskIdParameter });
}

function agentLine(agent: ListedAgent): string {
  const description = (agent.description ?? '').replace(/\s+/g, ' ').trim();
  const shown = description.length > maxDescriptionChars ? `${description.slice(0, maxDescriptionChars - 1)}…` : description;
  return `- ${agent.name}${agent.readOnly ? ' (read-only)' : ''}: ${shown || '(no description)'}`;
}
