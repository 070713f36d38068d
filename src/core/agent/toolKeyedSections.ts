import editingSection from '../../../prompts/editing.md';
import verificationSection from '../../../prompts/verification.md';
import languageServicesSection from '../../../prompts/languageServices.md';
import webSection from '../../../prompts/web.md';
import memorySection from '../../../prompts/memory.md';

/** A prompt section that only makes sense when the agent has one of these tools (a planner neither edits nor tests). */
interface ToolKeyedSection {
  text: string;
  whenOffered: readonly string[];
}

const editTools = ['Edit', 'MultiEdit', 'Write'];

const sections: readonly ToolKeyedSection[] = [
  { text: verificationSection, whenOffered: [...editTools, 'Bash'] },
  { text: editingSection, whenOffered: editTools },
  // Only a host with language services (VS Code) offers these tools; a headless host's prompt never mentions them.
  { text: languageServicesSection, whenOffered: ['Problems', 'Usages', 'Rename'] },
  { text: webSection, whenOffered: ['WebFetch', 'WebSearch'] },
  { text: memorySection, whenOffered: ['Memory'] },
];

/** The sections whose tools are offered, in order, each followed by a blank line. */
export function toolKeyedSections(offeredTools: readonly string[]): string {
  return sections
    .filter((section) => section.whenOffered.some((name) => offeredTools.includes(name)))
    .map((section) => `${section.text.trim()}\n\n`)
    .join('');
}

/** The tool names of prompt docs, each of which starts with `## <Name>`. */
export function docToolNames(toolDocs: readonly string[]): string[] {
  return toolDocs.map((doc) => /^## (\S+)/.exec(doc.trim())?.[1]).filter((name): name is string => name !== undefined);
}
