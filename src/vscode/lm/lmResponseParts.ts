/** Issue 55: a part of a VS Code language model's response stream in the plain shape src/core/lmChat reads. */
import * as vscode from 'vscode';
import type { LmResponsePart } from '../../core/lmChat/lmResponseChunks';
import { isThinkingPart } from './lmApi';

/** Parts of other kinds (data, prompt-tsx) carry nothing the agent shows or keeps: undefined. */
export function responsePartOf(part: unknown): LmResponsePart | undefined {
  if (part instanceof vscode.LanguageModelTextPart) return { kind: 'text', value: part.value };
  if (part instanceof vscode.LanguageModelToolCallPart) return { kind: 'toolCall', callId: part.callId, name: part.name, input: part.input };
  if (isThinkingPart(part)) return { kind: 'thinking', value: Array.isArray(part.value) ? part.value.join('') : part.value };
  return undefined;
}
