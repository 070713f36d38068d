/** Issue 55: the plain messages of src/core/lmChat as VS Code's `LanguageModelChatMessage`s, and our tools as its tools. */
import * as vscode from 'vscode';
import type { LmImage, LmMessage, LmPart, LmResultContent } from '../../core/lmChat/lmMessages';
import type { ToolSpec } from '../../core/ports/modelClient';
import { dataPartClass } from './lmApi';

export function chatMessagesOf(messages: readonly LmMessage[]): vscode.LanguageModelChatMessage[] {
  return messages.map((message) => {
    const parts = message.parts.map(partOf) as Array<vscode.LanguageModelTextPart & vscode.LanguageModelToolCallPart & vscode.LanguageModelToolResultPart>;
    return message.role === 'assistant' ? vscode.LanguageModelChatMessage.Assistant(parts) : vscode.LanguageModelChatMessage.User(parts);
  });
}

export function chatToolsOf(tools: readonly ToolSpec[]): vscode.LanguageModelChatTool[] {
  return tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.parameters }));
}

function partOf(part: LmPart): object {
  switch (part.kind) {
    case 'text': return new vscode.LanguageModelTextPart(part.text);
    case 'image': return imagePart(part);
    case 'toolCall': return new vscode.LanguageModelToolCallPart(part.callId, part.name, part.input);
    case 'toolResult': return new vscode.LanguageModelToolResultPart(part.callId, part.content.map(resultContentOf));
  }
}

function resultContentOf(content: LmResultContent): object {
  return content.kind === 'text' ? new vscode.LanguageModelTextPart(content.text) : imagePart(content);
}

/** Before 1.104 there is no data part: the image is named in text, as for a model that takes none. */
function imagePart(image: LmImage): object {
  const DataPart = dataPartClass();
  const comma = image.dataUrl.indexOf(',');
  if (!DataPart || comma < 0) return new vscode.LanguageModelTextPart(`[image: ${image.mimeType}]`);
  return new DataPart(Uint8Array.from(Buffer.from(image.dataUrl.slice(comma + 1), 'base64')), image.mimeType);
}
