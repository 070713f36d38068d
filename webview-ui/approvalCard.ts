import type { TranscriptEntry } from '../src/protocol/transcript';
import { codicon } from './codicon';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';
import { t } from './l10n';

/** The chat card for an edit or a command waiting for the user: the diff or command, Accept/Reject and optional feedback. */
export function approvalCard(entry: TranscriptEntry): Node[] {
  const meta = entry.meta ?? {};
  const tool = String(meta.tool ?? '');
  const header = document.createElement('div');
  header.className = 'entry-header';
  const mcp = tool.startsWith('mcp__');
  // Spec §22: a WebFetch of a host not yet allowed; its card offers to allow the host for good.
  const host = tool === 'WebFetch' && typeof meta.host === 'string' ? meta.host : undefined;
  header.textContent = tool === 'Bash' ? t('approval.command') : mcp ? t('approval.mcp') : host !== undefined ? t('approval.web') : t('approval.edit', tool);

  const detail = document.createElement('pre');
  detail.className = 'approval-detail';
  // A long diff or command scrolls: the keyboard must reach it too (axe: scrollable-region-focusable).
  detail.tabIndex = 0;
  for (const line of entry.text.split('\n')) {
    const span = document.createElement('span');
    span.textContent = `${line}\n`;
    if (line.startsWith('+') && !line.startsWith('+++')) span.className = 'diff-add';
    else if (line.startsWith('-') && !line.startsWith('---')) span.className = 'diff-del';
    else if (line.startsWith('@@')) span.className = 'diff-hunk';
    detail.append(span);
  }
  const where: Node[] = [];
  if (typeof meta.reason === 'string') {
    // A file that configures the agent: asked whatever the auto-approve settings, and the user sees why.
    const reason = document.createElement('div');
    reason.className = 'approval-reason';
    reason.setAttribute('role', 'note');
    const text = document.createElement('span');
    text.textContent = meta.reason;
    reason.append(codicon('shield'), text);
    where.push(reason);
  }
  if (typeof meta.cwd === 'string') {
    const cwd = document.createElement('div');
    cwd.className = 'approval-cwd';
    cwd.textContent = t('approval.cwd', meta.cwd);
    where.push(cwd);
  }
  if (meta.phase !== 'request') {
    // Decided: the outcome in one line; what was decided on stays a click away.
    const outcome = document.createElement('div');
    outcome.className = `approval-outcome approval-${String(meta.decision)}`;
    outcome.textContent = meta.decision === 'accepted' ? t('approval.accepted') : meta.feedback ? t('approval.rejectedWith', String(meta.feedback)) : t('approval.rejected');
    const decided = document.createElement('details');
    decided.className = 'approval-decided';
    const summary = document.createElement('summary');
    summary.textContent = tool === 'Bash' ? t('approval.commandSummary') : mcp ? t('approval.callSummary') : host !== undefined ? t('approval.urlSummary') : t('approval.diffSummary');
    decided.append(summary, detail, ...where);
    return [outcome, decided];
  }

  const callId = String(meta.callId);
  const feedback = document.createElement('textarea');
  feedback.className = 'approval-feedback';
  feedback.rows = 2;
  feedback.placeholder = t('approval.feedbackPlaceholder');
  feedback.setAttribute('aria-label', t('approval.feedback'));
  // Spec §10: `Run` for a command or an MCP call, `Accept` for an edit; the name is the visible word (WCAG 2.5.3).
  const accept = vscodeButton(tool === 'Bash' || mcp ? t('approval.run') : host !== undefined ? t('approval.allow') : t('approval.accept'), () => decide('accepted'));
  const reject = vscodeButton(t('approval.reject'), () => decide('rejected'), { secondary: true });
  const always = host !== undefined ? [vscodeButton(t('approval.alwaysAllow', host), () => decide('accepted', true), { secondary: true })] : [];
  const buttons = document.createElement('div');
  buttons.className = 'buttons';
  // Spec §23: a command's narrowest rule covering what asked, added to the user's allow-list; spec §22: a host.
  const rules = Array.isArray(meta.alwaysAllow) ? meta.alwaysAllow.map(String).join(', ') : '';
  if (rules) {
    const command = vscodeButton(t('approval.alwaysAllow', rules), () => decide('accepted', true), { secondary: true });
    command.classList.add('always-allow');
    always.push(command);
  }
  buttons.append(reject, ...always, accept);
  function decide(decision: 'accepted' | 'rejected', remember = false): void {
    for (const button of [accept, reject, ...always]) button.toggleAttribute('disabled', true);
    post({ type: 'approvalDecision', callId, decision, feedback: decision === 'rejected' && feedback.value.trim() ? feedback.value.trim() : undefined, ...(remember ? { always: true } : {}) });
  }
  return [header, detail, ...where, feedback, buttons];
}
