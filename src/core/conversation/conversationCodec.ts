import type { z } from 'zod';
import { conversationFormatVersion, conversationSchema, type Conversation } from './conversation';
import { errorMessage } from '../errorMessage';

export type DecodedConversation =
  | { kind: 'ok'; conversation: Conversation }
  /** Written by a newer CodeAgent: leave it alone rather than misread or overwrite it. */
  | { kind: 'futureVersion'; version: number }
  | { kind: 'invalid'; reason: string };

/** The stored text of a conversation; refuses what decodeConversation would not read back. */
export function encodeConversation(conversation: Conversation): string {
  const checked = conversationSchema.safeParse(conversation);
  if (!checked.success) throw new Error(`Conversation '${conversation.id}' is not valid: ${describeIssues(checked.error)}`);
  return JSON.stringify(conversation);
}

export function decodeConversation(text: string): DecodedConversation {
  const json = parseStoredJson(text);
  return json.ok ? decodeConversationValue(json.value) : { kind: 'invalid', reason: json.reason };
}

/** JSON.parse, with what went wrong as a reason instead of a throw. */
export function parseStoredJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: `not valid JSON (${errorMessage(error)})` };
  }
}

/** The `version` field of stored JSON, if it has one. */
export function storedVersion(json: unknown): unknown {
  return typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : undefined;
}

/** decodeConversation of text already parsed (a file read once need not be parsed twice). */
export function decodeConversationValue(json: unknown): DecodedConversation {
  const version = storedVersion(json);
  if (typeof version === 'number' && version > conversationFormatVersion) return { kind: 'futureVersion', version };
  const parsed = conversationSchema.safeParse(json);
  if (!parsed.success) return { kind: 'invalid', reason: describeIssues(parsed.error) };
  return { kind: 'ok', conversation: parsed.data };
}

function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}
