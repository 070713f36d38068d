// Reading sub-agent, plan and named-agent state out of the chat webview (spec §7, §10), and telling the
// scripted model server's requests apart: the planner's, each child's, a named agent's.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import type { RecordedRequest } from '../../fixtures/scriptedModelServer';
import { TRANSCRIPT } from './chatPanel';
import { messagesOf } from './modelRequests';
import { fileSafe, testResultsDir } from './paths';

export interface PlanTaskState {
  id: string;
  status: string;
}

export interface TaskCardState {
  id: string;
  /** `span.child-status[data-status]` in the card's header, if any. */
  childStatus: string | undefined;
  /** `.tool-status` text of the card's header (absent while the Task runs). */
  toolStatus: string | undefined;
  /** data-kind of every entry directly inside the card's `Sub-agent steps` group. */
  childKinds: string[];
  /** Tool names of the tool-call entries among them. */
  childTools: string[];
  /** True when the card sits inside another entry (it never should: no recursion). */
  nested: boolean;
}

// Plain source text for evaluate(): functions would carry tsx's `__name` helper, which the page lacks.
const PLAN_TASKS = `(() => {
  const plan = document.querySelector('${TRANSCRIPT} [data-kind="plan"][data-id="plan-current"]');
  if (!plan) return null;
  return [...plan.querySelectorAll('li.plan-task[data-task-id]')].map((li) => ({ id: li.dataset.taskId, status: li.dataset.status }));
})()`;

const TASK_CARDS = `(() => {
  const cards = [...document.querySelectorAll('${TRANSCRIPT} [data-kind="tool-call"]')].filter((card) => {
    const name = card.querySelector(':scope > .tool-header > .tool-name');
    return name && name.textContent.trim() === 'Task';
  });
  return cards.map((card) => {
    const header = card.querySelector(':scope > .tool-header');
    const child = header.querySelector(':scope > .child-status');
    const status = header.querySelector(':scope > .tool-status');
    const group = card.querySelector(':scope > details.child-steps > .entry-children[role="group"][aria-label="Sub-agent steps"]');
    const children = group ? [...group.children].filter((e) => e.matches('.entry[data-kind]')) : [];
    return {
      id: card.dataset.id,
      childStatus: child ? child.dataset.status : undefined,
      toolStatus: status ? status.textContent.trim() : undefined,
      childKinds: children.map((e) => e.dataset.kind),
      childTools: children.filter((e) => e.dataset.kind === 'tool-call').map((e) => {
        const n = e.querySelector(':scope > .tool-header > .tool-name');
        return n ? n.textContent.trim() : '';
      }),
      nested: card.parentElement ? card.parentElement.closest('[data-kind]') !== null : false,
    };
  });
})()`;

/** The tasks of the plan entry (`plan-current`), in order; null when there is no plan entry. */
export async function planTasks(chat: Frame): Promise<PlanTaskState[] | null> {
  return (await chat.evaluate(PLAN_TASKS)) as PlanTaskState[] | null;
}

/** `1=completed 2=in_progress 3=pending` */
export function formatPlan(tasks: PlanTaskState[] | null): string {
  return tasks ? tasks.map((t) => `${t.id}=${t.status}`).join(' ') : '(no plan)';
}

/** Every Task card of the transcript, in document order. */
export async function taskCards(chat: Frame): Promise<TaskCardState[]> {
  return (await chat.evaluate(TASK_CARDS)) as TaskCardState[];
}

const PLAN_RECORDER_KEY = '__codeagentE2ePlanStates';
const PLAN_RECORDER = `(({ key }) => {
  const states = [];
  window[key] = states;
  function sample() {
    const plan = document.querySelector('${TRANSCRIPT} [data-kind="plan"][data-id="plan-current"]');
    if (!plan) return;
    const state = [...plan.querySelectorAll('li.plan-task[data-task-id]')].map((li) => li.dataset.taskId + '=' + li.dataset.status).join(' ');
    if (state && state !== states[states.length - 1]) states.push(state);
  }
  new MutationObserver(sample).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  sample();
})`;

/** Records, inside the webview, every distinct state of the plan's checklist (see formatPlan), as it changes. */
export async function recordPlanStates(chat: Frame): Promise<void> {
  await chat.evaluate(`${PLAN_RECORDER}(${JSON.stringify({ key: PLAN_RECORDER_KEY })})`);
}

/** The plan states recorded so far, parsed: one `{id: status}` map per change. */
export async function recordedPlanStates(chat: Frame): Promise<Array<Record<string, string>>> {
  const raw = (await chat.evaluate(`[...(window[${JSON.stringify(PLAN_RECORDER_KEY)}] || [])]`)) as string[];
  return raw.map((state) => Object.fromEntries(state.split(' ').map((pair) => pair.split('=') as [string, string])));
}

export interface EntryId {
  id: string;
  kind: string;
  /** True when the entry sits inside another entry (a child's step in its Task card). */
  nested: boolean;
  /** The tool name of a tool-call entry. */
  tool?: string;
}

/** Id, kind, nesting and (tool calls) tool name of every transcript entry, in document order. */
export async function entryIds(chat: Frame): Promise<EntryId[]> {
  return (await chat.evaluate(
    `[...document.querySelectorAll('${TRANSCRIPT} .entry[data-kind]')].map((e) => {
      const tool = e.dataset.kind === 'tool-call' ? e.querySelector(':scope > .tool-header > .tool-name') : null;
      return { id: e.dataset.id, kind: e.dataset.kind, nested: e.parentElement.closest('[data-kind]') !== null, ...(tool ? { tool: tool.textContent.trim() } : {}) };
    })`,
  )) as EntryId[];
}

/**
 * Saves a frame's HTML to test-results/<name>.html. After a window reload the failure hook's capture
 * (frame.content()) saves an empty document, so a scenario that reloads saves the chat's DOM itself.
 */
export async function saveFrameHtml(frame: Frame, name: string): Promise<string> {
  fs.mkdirSync(testResultsDir, { recursive: true });
  const file = path.join(testResultsDir, `${fileSafe(name)}.html`);
  // frame.content() reads through Playwright's utility world, which after a window reload still sees the
  // webview frame's first, empty document; the page's own world sees the chat.
  fs.writeFileSync(file, (await frame.evaluate('document.documentElement.outerHTML')) as string);
  return file;
}

/** The system prompt of a request (its first message). */
export function systemPrompt(request: RecordedRequest): string {
  const first = messagesOf(request)[0];
  return first?.role === 'system' ? first.content : '';
}

/** Every message's text of a request but the system prompt, joined. */
export function conversationText(request: RecordedRequest): string {
  return messagesOf(request)
    .filter((m) => m.role !== 'system')
    .map((m) => m.content)
    .join('\n');
}

/**
 * Who sent a request: `planner` (plan-mode system prompt), `child:<goal>` (a sub-agent; its briefing's
 * `# Goal` section), or `main`.
 */
export function requestOwner(request: RecordedRequest): string {
  const system = systemPrompt(request);
  if (/^# Sub-agent/m.test(system)) {
    const briefing = messagesOf(request).find((m) => m.role === 'user')?.content ?? '';
    const goal = /# Goal\n([^\n]*)/.exec(briefing)?.[1]?.trim() ?? '?';
    return `child:${goal}`;
  }
  if (/^# Plan mode/m.test(system)) return 'planner';
  return 'main';
}
