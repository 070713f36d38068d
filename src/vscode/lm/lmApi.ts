/**
 * The parts of VS Code's language-model API newer than the 1.100 this extension still runs on (`engines`), each
 * looked up at run time: on an older VS Code they are missing and what needs them is left out, never a crash.
 */
import * as vscode from 'vscode';

interface DataPartClass {
  new (data: Uint8Array, mimeType: string): object;
}

interface ThinkingPartClass {
  new (value: string | string[]): { value: string | string[] };
}

interface NewerApi {
  LanguageModelDataPart?: DataPartClass;
  LanguageModelThinkingPart?: ThinkingPartClass;
}

const newer = vscode as unknown as NewerApi;

/** `vscode.lm` with chat models (1.90+); a host without it (another editor's shim) offers no VS Code models. */
export function hasChatModels(): boolean {
  return typeof vscode.lm?.selectChatModels === 'function';
}

/** Images go as data parts (1.104+); without the class an image is described in text instead. */
export function dataPartClass(): DataPartClass | undefined {
  return newer.LanguageModelDataPart;
}

export function isThinkingPart(part: unknown): part is { value: string | string[] } {
  const thinking = newer.LanguageModelThinkingPart;
  if (thinking) return part instanceof thinking;
  // The class is a proposed API: an extension without the proposal still receives its parts.
  return typeof part === 'object' && part !== null && part.constructor?.name === 'LanguageModelThinkingPart';
}

/** What the model says it takes: `capabilities` of 1.104+ (`imageInput`/`toolCalling` or the older spelling). */
export interface ModelCapabilities {
  images?: boolean;
  tools?: boolean;
}

export function capabilitiesOf(model: vscode.LanguageModelChat): ModelCapabilities {
  const declared = (model as unknown as { capabilities?: Record<string, unknown> }).capabilities;
  if (!declared) return {};
  const images = declared.imageInput ?? declared.supportsImageToText;
  const tools = declared.toolCalling ?? declared.supportsToolCalling;
  return {
    images: images === undefined ? undefined : Boolean(images),
    tools: tools === undefined ? undefined : tools !== false && tools !== 0,
  };
}
