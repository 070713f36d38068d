import type { TurnTools } from '../agent/agentTurn';
import type { SkillResultData } from '../skills/skillTool';
import type { ToolResult } from '../tools/toolTypes';

/** Tools a skill never takes away: loading another skill, finishing, asking, the todo list. */
const alwaysAllowed = new Set(['Skill', 'AttemptCompletion', 'AskUser', 'TodoWrite']);

/**
 * `allowed-tools` (spec §17): once a Skill call with `allowed-tools` succeeds, the skill is active until the end
 * of this turn (the user's message): only those tools run; another Skill call replaces it. Enforced where tools
 * are invoked, and the offered specs stay as they are, so the request's tool list (and its cache) is unchanged.
 * One per turn: a new turn starts with no skill active.
 */
export function withSkillScope(tools: TurnTools): TurnTools {
  let active: { name: string; allowed: Set<string> } | undefined;
  return {
    ...tools,
    invoke: async (name, params, ctx) => {
      if (active && !alwaysAllowed.has(name) && !active.allowed.has(name)) return notAllowed(name, active.name, [...active.allowed]);
      const result = await tools.invoke(name, params, ctx);
      if (name === 'Skill' && result.status === 'success') {
        const data = result.data as SkillResultData | null;
        if (data && !data.file) active = data.allowedTools ? { name: data.name, allowed: new Set(data.allowedTools) } : undefined;
      }
      return result;
    },
  };
}

function notAllowed(tool: string, skill: string, allowed: string[]): ToolResult {
  const message = `${tool} is not allowed while the skill "${skill}" is active: its allowed-tools are ${allowed.join(', ') || '(none)'}. Use those, or finish the task.`;
  return { status: 'error', data: null, error: { code: 'not_allowed_by_skill', message }, text: `Error (not_allowed_by_skill): ${message}` };
}
