/** A codicon (the icon font VS Code's own UI uses, bundled with the webview), hidden from screen readers. */
export function codicon(name: string, extraClass = ''): HTMLElement {
  const icon = document.createElement('span');
  icon.className = `codicon codicon-${name}${extraClass ? ` ${extraClass}` : ''}`;
  icon.setAttribute('aria-hidden', 'true');
  return icon;
}

const toolIcons: Record<string, string> = {
  Read: 'file',
  Write: 'new-file',
  Edit: 'edit',
  MultiEdit: 'edit',
  LS: 'list-tree',
  Glob: 'search-fuzzy',
  Grep: 'search',
  Bash: 'terminal',
  TodoWrite: 'checklist',
  Task: 'server-process',
  PlanTask: 'tasklist',
  UpdateTaskStatus: 'tasklist',
  AskUser: 'question',
  AttemptCompletion: 'pass',
};

/** The icon of a tool's card; MCP and unknown tools get a generic one. */
export function toolIcon(tool: string): string {
  return toolIcons[tool] ?? 'tools';
}

/** A status's icon; `spin` for the ones still moving. */
export const statusIcons: Record<string, { icon: string; spin?: boolean }> = {
  streaming: { icon: 'loading', spin: true },
  running: { icon: 'loading', spin: true },
  awaiting: { icon: 'shield' },
  done: { icon: 'check' },
  error: { icon: 'error' },
  rejected: { icon: 'circle-slash' },
  cancelled: { icon: 'debug-stop' },
};
