import { groupCount } from '../protocol/transcriptGroups';
import type { PendingApprovals } from '../core/agent/pendingDecisions';
import type { AgentSession } from '../core/session/agentSession';
import type { HostMessage, WebviewMessage } from '../protocol/messages';
import type { Onboarding } from '../protocol/transcript';
import { onboardingOrProblem, planModeOrOff } from './safeViewReads';
import type { TranscriptProjector } from './transcriptProjector';

/**
 * A chat card's Accept or Reject: decides the approval waiting on that call, or logs that none waits. `Always allow`
 * of a command (spec §23) first adds the rules the gate offered for that call, never words from the page, to the
 * user's allow-list; of a WebFetch host (spec §22) the tool remembers the host.
 */
export async function decideFromView(approvals: PendingApprovals, message: Extract<WebviewMessage, { type: 'approvalDecision' }>, log: (message: string) => void, allowCommands?: (rules: string[]) => Promise<void>): Promise<void> {
  const rules = message.decision === 'accepted' && message.always ? approvals.alwaysAllowOffered(message.callId) : undefined;
  if (rules && allowCommands) await allowCommands(rules).catch((error: unknown) => log(`Could not add ${rules.join(', ')} to the command allow-list: ${String(error)}`));
  const decision = message.decision === 'accepted' ? { decision: 'accepted' as const, ...(message.always ? { always: true as const } : {}) } : { decision: 'rejected' as const, feedback: message.feedback };
  if (!approvals.decide(message.callId, decision)) log(`No approval is waiting for ${message.callId}.`);
}

/** The view's whole state of a conversation, sent when a view (re)loads or switches conversation. */
/** The panel's state; its entries from `from` on (snapshotTail: the rest come on `loadEarlier`). */
export function snapshotOf(session: AgentSession, projector: TranscriptProjector, deps: { onboarding: () => Onboarding | null; planMode: () => boolean; log: (message: string) => void }, from = 0): HostMessage {
  return {
    type: 'snapshot',
    entries: from ? projector.entries.slice(from) : projector.entries,
    ...(from ? { earlier: groupCount(projector.entries.slice(0, from)) } : {}),
    busy: session.busy,
    onboarding: onboardingOrProblem(deps.onboarding, deps.log),
    usage: projector.usageSummary,
    planMode: planModeOrOff(deps.planMode),
    queued: [...session.queue.messages],
  };
}
