import type { TranscriptEntry } from '../protocol/transcript';

/**
 * Spec §18: `Run outside sandbox` on a sandboxed command's card. The user's request goes to the agent as their message,
 * naming the command and Bash's `sandbox: false`; that call always asks, whatever the auto-approve settings say. Only a
 * card of this conversation that ran sandboxed counts: the webview names an entry, never the command itself.
 */
export function outsideSandboxRequest(entries: readonly TranscriptEntry[], entryId: string): string | undefined {
  const entry = entries.find((candidate) => candidate.id === entryId);
  const meta = entry?.meta ?? {};
  const command = (meta.params as Record<string, unknown> | undefined)?.command;
  const sandboxed = (meta.detail as Record<string, unknown> | undefined)?.sandboxed === true;
  if (entry?.kind !== 'tool-call' || meta.name !== 'Bash' || !sandboxed || typeof command !== 'string') return undefined;
  return `Run this command again outside the sandbox (Bash with sandbox: false):\n\n\`\`\`sh\n${command}\n\`\`\``;
}
