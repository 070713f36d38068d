import type { AgentEvent } from '../../core/events';
import { livePreview } from '../../core/review/livePreview';
import { resolveWorkspacePath } from '../../core/tools/pathConfinement';
import { protectedConfigReasonOf } from '../../core/tools/protectedConfigFiles';
import { NodeWorkspaceFs } from '../../node/nodeWorkspaceFs';
import { l10n } from '../hostL10n';
import type { DiffEditorApprover } from './diffEditorApprover';

/** Redraw a streaming proposal at most this often: a 200 KB Write arrives in thousands of pieces. */
const refreshMs = 120;
/** Each redraw makes VS Code diff the whole proposal again: big proposals redraw less often (200 KB: every 2 s). */
const refreshMsPerKb = 10;
const maxRefreshMs = 2000;
const previewedTools = new Set(['Write', 'Edit', 'MultiEdit']);

interface StreamingCall {
  name: string;
  params: Record<string, string>;
  before?: string;
  path?: string;
  /** Why this edit is asked although edits may be auto-approved (a file that configures the agent). */
  reason?: string;
  cancelTimer?: () => void;
  refreshing: Promise<void>;
  /** The conversation's workspace root when it is not the window's (spec §19). */
  root?: string;
}

/** Runs `refresh` once after `ms`; returns what cancels it. Tests pass their own to run refreshes when they choose. */
export type RefreshScheduler = (refresh: () => Promise<void>, ms: number) => () => void;

const afterDelay: RefreshScheduler = (refresh, ms) => {
  const timer = setTimeout(() => void refresh(), ms);
  return () => clearTimeout(timer);
};

/**
 * Spec §8: the diff editor fills in while the model streams a Write, Edit or MultiEdit, before it asks for approval.
 * Only a path inside the workspace is previewed; the tool itself still checks everything when it runs.
 * With edits auto-approved only the files that are asked anyway (protectedConfigFiles) are previewed.
 */
export class LiveProposals {
  private readonly calls = new Map<string, StreamingCall>();

  constructor(
    private readonly approver: DiffEditorApprover,
    /** Every edit is reviewed (edits are not auto-approved). */
    private readonly enabled: () => boolean,
    private readonly workspaceRoot: () => string | undefined,
    private readonly schedule: RefreshScheduler = afterDelay,
  ) {}

  /** `root`: the workspace of the conversation the event is from (a worktree's, spec §19); the window's when absent. */
  observe(event: AgentEvent, root?: string): void {
    if (event.type === 'subagent') return this.observe(event.event, root);
    switch (event.type) {
      case 'toolCall':
        if (event.partial && previewedTools.has(event.name) && !this.calls.has(event.callId)) {
          this.calls.set(event.callId, { name: event.name, params: {}, refreshing: Promise.resolve(), root });
        }
        return;
      case 'toolParamDelta': {
        const call = this.calls.get(event.callId);
        if (!call) return;
        call.params[event.param] = (call.params[event.param] ?? '') + event.delta;
        const size = Object.values(call.params).reduce((sum, value) => sum + value.length, 0);
        call.cancelTimer ??= this.schedule(() => {
          call.cancelTimer = undefined;
          call.refreshing = call.refreshing.then(() => this.refresh(event.callId, call));
          return call.refreshing;
        }, Math.min(maxRefreshMs, Math.max(refreshMs, (size / 1024) * refreshMsPerKb)));
        return;
      }
      case 'toolResult':
        return void this.end(event.callId);
      case 'turnEnded':
        for (const callId of [...this.calls.keys()]) void this.end(callId);
        return;
    }
  }

  private async end(callId: string): Promise<void> {
    const call = this.calls.get(callId);
    if (!call) return;
    this.calls.delete(callId);
    call.cancelTimer?.();
    await call.refreshing;
    await this.approver.discard(callId);
  }

  private async refresh(callId: string, call: StreamingCall): Promise<void> {
    if (!this.calls.has(callId)) return;
    const relPath = call.params.path?.trim().replace(/^\.\//, '');
    // The path is complete once another parameter has started.
    if (!relPath || Object.keys(call.params).length < 2) return;
    if (call.path === undefined) {
      const file = await this.readInside(relPath, call.root);
      if (file === null) return void this.calls.delete(callId);
      call.path = file.path;
      call.before = file.text;
      call.reason = file.reason;
    }
    const proposal = livePreview(call.name, call.before ?? '', call.params);
    if (proposal !== undefined && this.calls.has(callId)) await this.approver.show(callId, call.path, call.before ?? '', proposal, call.reason);
  }

  /**
   * The workspace path, text ('' when it does not exist yet) and why it is always asked; null when the
   * path leaves the workspace, is not UTF-8 text, or will not be reviewed (auto-approved).
   */
  private async readInside(relPath: string, callRoot: string | undefined): Promise<{ path: string; text: string; reason?: string } | null> {
    const root = callRoot ?? this.workspaceRoot();
    if (!root) return null;
    // The tools' own confinement (symbolic links resolved), so a preview never shows a file the tool would refuse.
    const fs = new NodeWorkspaceFs(root);
    try {
      const inside = await resolveWorkspacePath(fs, relPath);
      const reason = protectedConfigReasonOf(inside, await fs.realPath(inside))?.(l10n);
      if (!reason && !this.enabled()) return null;
      return { path: inside, text: (await fs.stat(inside)) ? await fs.readFile(inside) : '', reason };
    } catch {
      return null;
    }
  }
}
