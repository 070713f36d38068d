import { PlanTaskView, type TranscriptEntry } from '../src/protocol/transcript';
import { codicon } from './codicon';
import { t } from './l10n';

const statusIcons: Record<string, string> = { completed: 'pass-filled', in_progress: 'play-circle', pending: 'circle-large-outline', failed: 'error', skipped: 'circle-slash' };
const statusLabels: Record<string, () => string> = { completed: () => t('plan.completed'), in_progress: () => t('plan.inProgress'), pending: () => t('plan.pending'), failed: () => t('plan.failed'), skipped: () => t('plan.skipped') };

interface TodoView {
  content: string;
  status: string;
}

/** The plan (`meta.tasks`) or the todo list (`meta.todos`) as a checklist; undefined when the entry carries neither. */
export function planChecklist(entry: TranscriptEntry, previous?: HTMLElement): Node[] | undefined {
  if (Array.isArray(entry.meta?.tasks)) return tasksChecklist(entry.meta.tasks, previous);
  if (Array.isArray(entry.meta?.todos)) return todosChecklist(entry.meta.todos as TodoView[]);
  return undefined;
}

function tasksChecklist(raw: unknown[], previous?: HTMLElement): Node[] {
  const tasks = raw.flatMap((task) => {
    const parsed = PlanTaskView.safeParse(task);
    return parsed.success ? [parsed.data] : [];
  });
  // A live update must not close the result the user opened.
  const opened = new Set([...(previous?.querySelectorAll('.plan-task > details[open]') ?? [])].map((details) => details.parentElement?.dataset.taskId));
  const list = checklist(t('plan.tasks'));
  for (const task of tasks) {
    const item = checklistItem(task.status, t('plan.task', task.id, task.description));
    item.dataset.taskId = task.id;
    if (task.dependencies.length > 0) {
      const deps = document.createElement('span');
      deps.className = 'task-deps';
      deps.textContent = t('plan.after', task.dependencies.join(', '));
      item.querySelector('.task-line')?.append(deps);
    }
    const outcome = task.error ? { label: t('plan.error'), text: task.error } : task.result ? { label: t('plan.result'), text: task.result } : undefined;
    if (outcome) {
      item.title = `${outcome.label}: ${outcome.text}`;
      const details = document.createElement('details');
      details.className = `task-outcome task-${outcome.label.toLowerCase()}`;
      details.open = opened.has(task.id);
      const summary = document.createElement('summary');
      summary.textContent = outcome.label;
      const text = document.createElement('div');
      text.className = 'task-outcome-text';
      text.textContent = outcome.text;
      details.append(summary, text);
      item.append(details);
    }
    list.append(item);
  }
  return [heading(t('plan.plan'), tasks.filter((t) => t.status === 'completed').length, tasks.length), list];
}

function todosChecklist(todos: TodoView[]): Node[] {
  const list = checklist(t('plan.todos'));
  todos.forEach((todo, index) => {
    const item = checklistItem(String(todo.status), String(todo.content));
    item.dataset.todoIndex = String(index);
    list.append(item);
  });
  return [heading(t('plan.todos'), todos.filter((t) => t.status === 'completed').length, todos.length), list];
}

function heading(title: string, done: number, total: number): HTMLElement {
  const header = document.createElement('div');
  header.className = 'entry-header plan-heading';
  const name = document.createElement('span');
  name.textContent = title;
  const progress = document.createElement('span');
  progress.className = 'plan-progress';
  progress.textContent = t('plan.done', done, total);
  header.append(name, progress);
  return header;
}

function checklist(label: string): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'plan-tasks';
  list.setAttribute('aria-label', label);
  return list;
}

function checklistItem(status: string, text: string): HTMLElement {
  const item = document.createElement('li');
  item.className = `plan-task task-${status}`;
  item.dataset.status = status;
  const line = document.createElement('div');
  line.className = 'task-line';
  const icon = codicon(statusIcons[status] ?? 'circle-large-outline', 'task-icon');
  const label = document.createElement('span');
  label.className = 'task-text';
  label.textContent = text;
  // The icon is hidden from screen readers; they get the status as words.
  const state = document.createElement('span');
  state.className = 'visually-hidden';
  state.textContent = ` (${statusLabels[status]?.() ?? status})`;
  line.append(icon, label, state);
  item.append(line);
  return item;
}
