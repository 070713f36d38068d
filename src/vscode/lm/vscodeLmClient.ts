/**
 * Issue 55: the ModelClient over `vscode.lm`. The request goes out before anything else is done (token counting
 * follows it), so a Send reaches the model as fast as through an endpoint; the consent dialog is VS Code's own.
 */
import * as vscode from 'vscode';
import { lmModelError } from '../../core/lmChat/lmErrors';
import { lmMessagesOf } from '../../core/lmChat/lmMessages';
import { LmResponseChunks } from '../../core/lmChat/lmResponseChunks';
import { ModelError, type ModelChunk, type ModelClient, type ModelRequest } from '../../core/ports/modelClient';
import type { Settings } from '../../core/settings';
import { chatMessagesOf, chatToolsOf } from './lmChatMessages';
import { responsePartOf } from './lmResponseParts';
import { countTokens, lmText } from './lmTokens';
import type { VscodeModels } from './vscodeModels';

export interface VscodeLmClientDeps {
  models: VscodeModels;
  settings: () => Settings;
  /** Shown in VS Code's consent dialog: why CodeAgent asks for the model. */
  justification: string;
}

export class VscodeLmClient implements ModelClient {
  constructor(private readonly deps: VscodeLmClientDeps) {}

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelChunk> {
    const { vscodeModel, supportsImages } = this.deps.settings().model;
    const model = await this.deps.models.resolve(request.model, vscodeModel);
    const label = model ? this.deps.models.infoOf(model).label : vscodeModel?.id || request.model;
    if (!model) throw lmModelError({ code: 'NotFound', message: '', model: label });
    const plain = lmMessagesOf(request.messages, { images: supportsImages });
    const cancel = new vscode.CancellationTokenSource();
    const onAbort = () => cancel.cancel();
    signal.addEventListener('abort', onAbort);
    try {
      const options: vscode.LanguageModelChatRequestOptions = { justification: this.deps.justification };
      if (request.tools?.length) Object.assign(options, { tools: chatToolsOf(request.tools), toolMode: vscode.LanguageModelChatToolMode.Auto });
      const response = await model.sendRequest(chatMessagesOf(plain), options, cancel.token);
      const inputTokens = countTokens(model, lmText(plain), cancel.token);
      const reader = new LmResponseChunks();
      for await (const part of response.stream) {
        if (signal.aborted) break;
        const read = responsePartOf(part);
        if (read) yield* reader.chunksOf(read);
      }
      if (signal.aborted) throw cancelled();
      // No usage comes back: the model's own tokenizer counts both sides, for the context meter and compaction.
      yield { type: 'usage', usage: { inputTokens: await inputTokens, outputTokens: await countTokens(model, reader.writtenText, cancel.token) } };
      yield { type: 'finish', reason: reader.finishReason() };
    } catch (error) {
      throw signal.aborted ? cancelled() : modelErrorOf(error, label);
    } finally {
      signal.removeEventListener('abort', onAbort);
      cancel.dispose();
    }
  }
}

function cancelled(): ModelError {
  return new ModelError('cancelled', (l10n) => l10n.t('Cancelled by the user.'));
}

function modelErrorOf(error: unknown, model: string): ModelError {
  if (error instanceof ModelError) return error;
  const code = error instanceof vscode.LanguageModelError ? error.code : '';
  const message = error instanceof Error ? error.message : String(error);
  return lmModelError({ code, message, model });
}

