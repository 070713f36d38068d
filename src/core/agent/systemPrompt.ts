import systemTemplate from '../../../prompts/system.md';
import toolUseNative from '../../../prompts/toolUseNative.md';
import toolUseXml from '../../../prompts/toolUseXml.md';
import { renderTemplate } from '../promptTemplate';

export interface SystemPromptInput {
  protocol: 'xml' | 'native';
  /** Each tool's prompt doc (description, parameters, example), in registry order. */
  toolDocs: readonly string[];
  os: string;
  shell: string;
  workspaceRoot: string;
  date: string;
}

/** L1: role, tool-use format of the wire protocol, tool docs, rules, environment, objective. */
export function buildSystemPrompt(input: SystemPromptInput): string {
  const toolSection = input.protocol === 'xml'
    ? `${toolUseXml.trim()}\n\n# Tools\n\n${input.toolDocs.map((d) => d.trim()).join('\n\n')}`
    : toolUseNative.trim();
  return renderTemplate(systemTemplate, {
    toolSection,
    os: input.os,
    shell: input.shell,
    workspaceRoot: input.workspaceRoot,
    date: input.date,
  });
}
