import defaultRole from '../../../prompts/role.md';
import systemTemplate from '../../../prompts/system.md';
import toolUseNative from '../../../prompts/toolUseNative.md';
import toolUseXml from '../../../prompts/toolUseXml.md';
import { renderTemplate } from '../promptTemplate';
import { docToolNames, toolKeyedSections } from './toolKeyedSections';

export interface SystemPromptInput {
  protocol: 'xml' | 'native';
  /** Each tool's prompt doc (description, parameters, example), in registry order. */
  toolDocs: readonly string[];
  os: string;
  shell: string;
  workspaceRoot: string;
  date: string;
  /** Replaces the base role paragraph: a named agent's body (spec §7). */
  role?: string;
  /** Extra instructions of the mode, after the tools (plan mode's, a sub-agent's). */
  modeSection?: string;
}

/** L1: role, tool-use format of the wire protocol, tool docs, mode, how to work (with the sections the offered tools call for), environment. */
export function buildSystemPrompt(input: SystemPromptInput): string {
  const toolSection = input.protocol === 'xml'
    ? `${toolUseXml.trim()}\n\n# Tools\n\n${input.toolDocs.map((d) => d.trim()).join('\n\n')}`
    : toolUseNative.trim();
  return renderTemplate(systemTemplate, {
    role: (input.role ?? defaultRole).trim(),
    toolSection,
    modeSection: input.modeSection ? `\n${input.modeSection.trim()}\n` : '',
    toolKeyedSections: toolKeyedSections(docToolNames(input.toolDocs)),
    os: input.os,
    shell: input.shell,
    workspaceRoot: input.workspaceRoot,
    date: input.date,
  });
}
