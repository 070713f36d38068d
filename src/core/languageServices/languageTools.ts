import type { Clock } from '../ports/clock';
import type { LanguageServices } from '../ports/languageServices';
import type { AnyToolDefinition } from '../tools/toolTypes';
import { ProblemsAfterChange, defaultTiming } from './problemsAfterChange';
import { problemsTool } from './problemsTool';
import { renameTool } from './renameTool';
import { symbolsTool } from './symbolsTool';
import { usagesTool } from './usagesTool';
import { withNewProblems } from './withNewProblems';

/** The tools whose results end with the problems their change newly brought (spec §13). */
export const problemReportingTools: readonly string[] = ['Write', 'Edit', 'MultiEdit'];

export interface LanguageTools {
  /** Problems, Usages, Symbols, Rename: offered only by a host with language services. */
  tools: AnyToolDefinition[];
  /** The built-in edit tools, their results ending with the new problems. */
  decorate(tool: AnyToolDefinition): AnyToolDefinition;
}

export function languageTools(services: LanguageServices, clock: Clock, diagnosticsWaitMs: () => number, log?: (message: string) => void): LanguageTools {
  const afterChange = new ProblemsAfterChange(services, clock, defaultTiming(diagnosticsWaitMs), log);
  return {
    tools: [problemsTool(services, afterChange), usagesTool(services), symbolsTool(services), renameTool(services, afterChange)] as AnyToolDefinition[],
    decorate: (tool) => (problemReportingTools.includes(tool.name) ? withNewProblems(tool, afterChange) : tool),
  };
}
