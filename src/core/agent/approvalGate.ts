import { createTwoFilesPatch } from 'diff';
import type { EventSink } from '../events';
import type { Settings } from '../settings';
import { mcpToolAutoApproved } from '../mcp/mcpToolName';
import type { ApprovalDecision, ApprovalRequest } from '../tools/approval';
import { english, type Translator, type UserText } from '../ports/translator';
import { protectedConfigReason } from '../tools/protectedConfigFiles';
import { judgeCommand, type CommandVerdict } from '../commandJudgment/judgeCommand';
import { askingReason } from '../commandJudgment/verdictWords';

/** Where a request goes when the settings don't auto-approve it: the chat card or VS Code's diff editor. */
export interface Approver {
  request(request: ApprovalRequest, info: { turnId: string; callId: string; detail: string }, signal: AbortSignal): Promise<ApprovalDecision>;
}

/**
 * Why this request is asked whatever the settings say, or undefined. An edit's path is checked here
 * too, so an edit path that forgot to say why is still asked about a file that configures the agent.
 */
export function alwaysAskReason(request: ApprovalRequest): UserText | undefined {
  if (request.kind === 'edit') return request.reason ?? protectedConfigReason(request.path);
  if (request.kind === 'edits') return request.reason ?? request.files.map((file) => protectedConfigReason(file.path)).find((reason) => reason !== undefined);
  if (request.kind === 'command') return request.outsideSandbox;
  return request.kind === 'read' ? request.reason : undefined;
}

export function isAutoApproved(request: ApprovalRequest, approval: Settings['approval']): boolean {
  if (request.kind === 'edit' || request.kind === 'edits') return alwaysAskReason(request) === undefined && !editsAskFirst(approval);
  if (request.kind === 'read') return request.reason === undefined && approval.autoApproveReadOnly;
  // WebFetch asks only about a host not in web.allowedDomains: no setting answers for it.
  if (request.kind === 'web') return false;
  if (request.kind === 'mcp') return (request.readOnly && approval.autoApproveReadOnly) || mcpToolAutoApproved(approval.autoApproveMcpTools, request.server, request.serverTool);
  return commandVerdict(request, approval).unasked;
}

type CommandRequest = Extract<ApprovalRequest, { kind: 'command' }>;

/**
 * Spec §23's one question for a command: unasked, and why? Each sub-command must be read-only, allowed or
 * sandboxed, and none on the deny list. Spec §18: leaving the sandbox is always the user's call.
 */
export function commandVerdict(request: CommandRequest, approval: Settings['approval']): CommandVerdict {
  if (request.outsideSandbox !== undefined) return { unasked: false, asking: [] };
  return judgeCommand({
    line: request.command,
    parsed: request.parsed,
    allowList: approval.commandAllowList,
    denyList: approval.commandDenyList,
    sandboxed: request.sandboxed === true,
    autoApproveCommands: approval.autoApproveCommands,
    autoApproveReadOnly: approval.autoApproveReadOnly,
  });
}

/**
 * Whether an ordinary edit waits for the user before it is written. Review after edits (spec §15) writes at once
 * like autoApproveEdits, its hunks left to Keep or Undo; what always asks (alwaysAskReason) is decided before this.
 */
export function editsAskFirst(approval: Settings['approval']): boolean {
  return !approval.autoApproveEdits && approval.editReview !== 'after';
}

/** The approval card's text (the diff editor's for several files too), in the user's words (spec §20); never sent to the model. */
export function describeApproval(request: ApprovalRequest, l10n: Translator = english): string {
  if (request.kind === 'command') return commandDetail(request, l10n);
  if (request.kind === 'read') return request.reason ? `${request.summary}\n\n${request.reason(l10n)}` : request.summary;
  if (request.kind === 'web') return request.redirectedFrom ? `${request.url}\n\n${l10n.t('Redirected from {0}', request.redirectedFrom)}` : request.url;
  if (request.kind === 'mcp') {
    return [l10n.t('MCP server: {0}', request.server), l10n.t('Tool: {0}', request.serverTool), l10n.t('Arguments: {0}', JSON.stringify(request.arguments, null, 2))].join('\n');
  }
  if (request.kind === 'edits') return [request.title(l10n), ...request.files.map((file) => filePatch(file.path, file.before, file.after, l10n))].join('\n');
  return filePatch(request.path, request.before, request.after, l10n);
}

function commandDetail(request: Extract<ApprovalRequest, { kind: 'command' }>, l10n: Translator): string {
  const lines = [`$ ${request.command}`];
  if (request.background) lines.push(l10n.t('In the background: it keeps running after this call, until it exits or is stopped.'));
  if (request.outsideSandbox !== undefined) lines.push(request.outsideSandbox(l10n));
  else if (request.sandboxUnavailable !== undefined) lines.push(request.sandboxUnavailable(l10n));
  return lines.join('\n\n');
}

function filePatch(path: string, before: string | undefined, after: string, l10n: Translator): string {
  const patch = createTwoFilesPatch(`a/${path}`, `b/${path}`, before ?? '', after, before === undefined ? l10n.t('(new file)') : '', '', { context: 3 });
  // jsdiff starts with an "Index"-style ===== rule that says nothing here.
  return patch.replace(/^=+\n/, '');
}

/**
 * The settings one turn works with: its own allow list, which `Always allow` extends for the rest of the turn
 * (approvalFor). The settings read from VS Code are shared and frozen.
 */
export function settingsForTurn(settings: Settings): Settings {
  return { ...settings, approval: { ...settings.approval, commandAllowList: [...settings.approval.commandAllowList] } };
}

/**
 * The ToolContext.approve of one tool call: auto-approval by settings, else ask the Approver; both visible as events,
 * whose detail and reason are worded with `l10n` (the user's language; English without one).
 */
export function approvalFor(options: {
  approver: Approver;
  settings: Settings;
  turnId: string;
  callId: string;
  emit: EventSink;
  signal: AbortSignal;
  l10n?: Translator;
}): (request: ApprovalRequest) => Promise<ApprovalDecision> {
  const { approver, settings, turnId, callId, emit, signal, l10n = english } = options;
  return async (asked) => {
    const tool = asked.kind === 'command' ? 'Bash' : asked.tool;
    const verdict = asked.kind === 'command' ? commandVerdict(asked, settings.approval) : undefined;
    if (verdict?.unasked) return { decision: 'accepted', unasked: verdict.why, ...(verdict.run !== undefined ? { run: verdict.run } : {}) };
    if (!verdict && isAutoApproved(asked, settings.approval)) return { decision: 'accepted' };
    const editReason = asked.kind === 'edit' || asked.kind === 'edits' ? alwaysAskReason(asked) : undefined;
    // The diff editor shows the reason too, so the edit request carries it; a command's card offers `Always allow`.
    const request = editReason && (asked.kind === 'edit' || asked.kind === 'edits')
      ? { ...asked, reason: editReason }
      : asked.kind === 'command' && verdict?.alwaysAllow ? { ...asked, alwaysAllow: verdict.alwaysAllow } : asked;
    const detail = describeApproval(request, l10n);
    const cwd = request.kind === 'command' ? request.cwd : undefined;
    const why = editReason ? editReason(l10n) : verdict && verdict.asking.length > 0 ? askingReason(verdict.asking, l10n) : undefined;
    const reason = why ? { reason: why } : {};
    const host = request.kind === 'web' ? { host: request.host } : {};
    const alwaysAllow = verdict?.alwaysAllow ? { alwaysAllow: verdict.alwaysAllow } : {};
    emit({ type: 'approval', turnId, callId, phase: 'request', tool, detail, cwd, ...reason, ...host, ...alwaysAllow });
    let decision: ApprovalDecision;
    try {
      decision = await approver.request(request, { turnId, callId, detail }, signal);
    } catch (error) {
      decision = { decision: 'rejected', feedback: signal.aborted ? 'The user stopped the turn.' : String(error) };
    }
    if (decision.decision === 'accepted' && decision.always && request.kind === 'command' && request.alwaysAllow) {
      // Spec §23: the rest of this turn follows the user's new rule at once (settingsForTurn); the next turn reads it from the settings.
      const allowList = settings.approval.commandAllowList;
      for (const rule of request.alwaysAllow) if (!allowList.includes(rule)) allowList.push(rule);
    }
    emit({ type: 'approval', turnId, callId, phase: 'decision', tool, detail, cwd, ...reason, ...host, decision: decision.decision, feedback: decision.decision === 'rejected' ? decision.feedback : undefined });
    return decision;
  };
}
