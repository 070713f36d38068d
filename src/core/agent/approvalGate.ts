import { createTwoFilesPatch } from 'diff';
import type { EventSink } from '../events';
import type { Settings } from '../settings';
import { mcpToolAutoApproved } from '../mcp/mcpToolName';
import type { ApprovalDecision, ApprovalRequest } from '../tools/approval';
import { protectedConfigReason } from '../tools/protectedConfigFiles';

/** Where a request goes when the settings don't auto-approve it: the chat card or VS Code's diff editor. */
export interface Approver {
  request(request: ApprovalRequest, info: { turnId: string; callId: string; detail: string }, signal: AbortSignal): Promise<ApprovalDecision>;
}

/**
 * Why this request is asked whatever the settings say, or undefined. An edit's path is checked here
 * too, so an edit path that forgot to say why is still asked about a file that configures the agent.
 */
export function alwaysAskReason(request: ApprovalRequest): string | undefined {
  if (request.kind === 'edit') return request.reason ?? protectedConfigReason(request.path);
  if (request.kind === 'edits') return request.reason ?? request.files.map((file) => protectedConfigReason(file.path)).find((reason) => reason !== undefined);
  if (request.kind === 'command') return request.outsideSandbox;
  return request.kind === 'read' ? request.reason : undefined;
}

export function isAutoApproved(request: ApprovalRequest, approval: Settings['approval']): boolean {
  if (request.kind === 'edit' || request.kind === 'edits') return alwaysAskReason(request) === undefined && !editsAskFirst(approval);
  if (request.kind === 'read') return request.reason === undefined && approval.autoApproveReadOnly;
  if (request.kind === 'mcp') return (request.readOnly && approval.autoApproveReadOnly) || mcpToolAutoApproved(approval.autoApproveMcpTools, request.server, request.serverTool);
  // Spec §18: leaving the sandbox is always the user's call; staying inside it needs no question.
  if (request.outsideSandbox !== undefined) return false;
  if (request.sandboxed) return true;
  if (approval.autoApproveCommands) return true;
  const command = request.command.trim();
  // A prefix only counts at a word boundary, and chained commands never ride on an allowed prefix.
  if (/[;&|`$<>\r\n]/.test(command)) return false;
  return approval.commandAllowList.some((allowed) => {
    const prefix = allowed.trim();
    return prefix !== '' && (command === prefix || command.startsWith(`${prefix} `));
  });
}

/**
 * Whether an ordinary edit waits for the user before it is written. Review after edits (spec §15) writes at once
 * like autoApproveEdits, its hunks left to Keep or Undo; what always asks (alwaysAskReason) is decided before this.
 */
export function editsAskFirst(approval: Settings['approval']): boolean {
  return !approval.autoApproveEdits && approval.editReview !== 'after';
}

export function describeApproval(request: ApprovalRequest): string {
  if (request.kind === 'command') return commandDetail(request);
  if (request.kind === 'read') return request.reason ? `${request.summary}\n\nAsking because this ${request.reason}.` : request.summary;
  if (request.kind === 'mcp') return `MCP server: ${request.server}\nTool: ${request.serverTool}\nArguments: ${JSON.stringify(request.arguments, null, 2)}`;
  if (request.kind === 'edits') return [request.title, ...request.files.map((file) => filePatch(file.path, file.before, file.after))].join('\n');
  return filePatch(request.path, request.before, request.after);
}

function commandDetail(request: Extract<ApprovalRequest, { kind: 'command' }>): string {
  const lines = [`$ ${request.command}`];
  if (request.background) lines.push('In the background: it keeps running after this call, until it exits or is stopped.');
  if (request.outsideSandbox !== undefined) lines.push(`Outside the sandbox: ${request.outsideSandbox}.`);
  else if (request.sandboxUnavailable !== undefined) lines.push(`Not sandboxed: ${request.sandboxUnavailable}.`);
  return lines.join('\n\n');
}

function filePatch(path: string, before: string | undefined, after: string): string {
  const patch = createTwoFilesPatch(`a/${path}`, `b/${path}`, before ?? '', after, before === undefined ? '(new file)' : '', '', { context: 3 });
  // jsdiff starts with an "Index"-style ===== rule that says nothing here.
  return patch.replace(/^=+\n/, '');
}

/** The ToolContext.approve of one tool call: auto-approval by settings, else ask the Approver; both visible as events. */
export function approvalFor(options: {
  approver: Approver;
  settings: Settings;
  turnId: string;
  callId: string;
  emit: EventSink;
  signal: AbortSignal;
}): (request: ApprovalRequest) => Promise<ApprovalDecision> {
  const { approver, settings, turnId, callId, emit, signal } = options;
  return async (asked) => {
    const tool = asked.kind === 'command' ? 'Bash' : asked.tool;
    if (isAutoApproved(asked, settings.approval)) return { decision: 'accepted' };
    const editReason = asked.kind === 'edit' || asked.kind === 'edits' ? alwaysAskReason(asked) : undefined;
    // The diff editor shows the reason too, so the edit request carries it.
    const request = editReason && (asked.kind === 'edit' || asked.kind === 'edits') ? { ...asked, reason: editReason } : asked;
    const detail = describeApproval(request);
    const cwd = request.kind === 'command' ? request.cwd : undefined;
    const reason = editReason ? { reason: editReason } : {};
    emit({ type: 'approval', turnId, callId, phase: 'request', tool, detail, cwd, ...reason });
    let decision: ApprovalDecision;
    try {
      decision = await approver.request(request, { turnId, callId, detail }, signal);
    } catch (error) {
      decision = { decision: 'rejected', feedback: signal.aborted ? 'The user stopped the turn.' : String(error) };
    }
    emit({ type: 'approval', turnId, callId, phase: 'decision', tool, detail, cwd, ...reason, decision: decision.decision, feedback: decision.decision === 'rejected' ? decision.feedback : undefined });
    return decision;
  };
}
