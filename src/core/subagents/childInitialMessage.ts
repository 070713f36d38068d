export interface ChildBriefing {
  goal: string;
  contextSummary?: string;
  /** Workspace paths, already normalised. */
  resources: readonly string[];
  hints?: string;
}

/**
 * The child's first user message (spec §7, seed 000 §2.2): one heading per clue so the child can tell the
 * goal from the background; empty sections are left out. The child sees nothing of the parent's conversation
 * except what is written here.
 */
export function childInitialMessage(briefing: ChildBriefing): string {
  const sections = [
    'You are a sub-agent: another agent delegated this task to you. It sees only your final result, so finish with AttemptCompletion and make the result self-contained (what you found or changed, and where).',
    `# Goal\n${briefing.goal.trim()}`,
  ];
  const summary = briefing.contextSummary?.trim();
  if (summary) sections.push(`# Context summary\n${summary}`);
  if (briefing.resources.length > 0) {
    const list = briefing.resources.map((path) => `- ${path}`).join('\n');
    sections.push(`# Resources\nRead these first, with the Read tool, before anything else (LS a folder):\n${list}`);
  }
  const hints = briefing.hints?.trim();
  if (hints) sections.push(`# Hints\n${hints}`);
  return sections.join('\n\n');
}
