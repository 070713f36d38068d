// Fake `vscode.LanguageModelChat`s for the issue 55 tests and bench: one answered by the scripted model server
// through the same bridge the e2e test extension's provider uses, one that streams the parts a test gives it.
import * as fakeVscode from './fakeVscode';
import { scriptedModelParts } from '../fixtures/lmProvider/scriptedLmBridge';

export interface FakeModelInfo {
  id: string;
  vendor: string;
  family: string;
  name: string;
  maxInputTokens: number;
  capabilities?: { imageInput?: boolean; toolCalling?: boolean | number };
}

interface CancellationTokenLike {
  isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

export interface SentRequest {
  messages: Array<{ role: number; content: unknown[] }>;
  options: { justification?: string; tools?: Array<{ name: string; description: string; inputSchema?: object }>; toolMode?: number };
  token?: CancellationTokenLike;
}

export class FakeLanguageModel {
  readonly sent: SentRequest[] = [];
  readonly counted: string[] = [];
  /** Thrown by the next sendRequest (a LanguageModelError as VS Code raises it). */
  failNext: Error | undefined;
  readonly id: string;
  readonly vendor: string;
  readonly family: string;
  readonly name: string;
  readonly version = '1';
  readonly maxInputTokens: number;
  readonly capabilities?: FakeModelInfo['capabilities'];

  constructor(info: FakeModelInfo, private readonly answer: (request: SentRequest, signal: AbortSignal) => AsyncIterable<unknown>) {
    ({ id: this.id, vendor: this.vendor, family: this.family, name: this.name, maxInputTokens: this.maxInputTokens, capabilities: this.capabilities } = info);
  }

  async sendRequest(messages: SentRequest['messages'], options: SentRequest['options'] = {}, token?: CancellationTokenLike): Promise<{ stream: AsyncIterable<unknown> }> {
    const request = { messages, options, token };
    this.sent.push(request);
    const failure = this.failNext;
    this.failNext = undefined;
    if (failure) throw failure;
    const abort = new AbortController();
    token?.onCancellationRequested(() => abort.abort());
    return { stream: this.answer(request, abort.signal) };
  }

  async countTokens(text: string): Promise<number> {
    this.counted.push(text);
    return Math.ceil(text.length / 4);
  }
}

/** A model whose answers are the scripted server's (Chat Completions), as the e2e test extension's provider gives them. */
export function scriptedLanguageModel(baseUrl: string, info: FakeModelInfo): FakeLanguageModel {
  return new FakeLanguageModel(info, (request, signal) => scriptedModelParts({
    baseUrl, model: info.id, messages: request.messages, tools: request.options.tools, api: fakeVscode, signal,
  }));
}

/** A model that streams these parts, whatever it is asked. */
export function partsLanguageModel(info: FakeModelInfo, parts: () => unknown[]): FakeLanguageModel {
  return new FakeLanguageModel(info, async function* () {
    yield* parts();
  });
}

export const copilotGpt: FakeModelInfo = { id: 'gpt-5.1', vendor: 'copilot', family: 'gpt-5.1', name: 'GPT-5.1', maxInputTokens: 128_000, capabilities: { imageInput: true, toolCalling: true } };
