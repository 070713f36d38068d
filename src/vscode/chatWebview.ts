import * as vscode from 'vscode';
import { WebviewMessage, type HostMessage } from '../protocol/messages';
import { afterPartsSettle } from './afterPartsSettle';
import type { ChatController } from './chatController';
import { isCodeBlockAction, runCodeBlockAction } from './codeBlockActions';
import { DeltaCoalescer } from './deltaCoalescer';
import { openExternalLink } from './externalLinks';
import type { ViewPart } from './viewPart';
import { webviewHtml } from './webviewHtml';

export interface ChatWebviewDeps {
  extensionUri: vscode.Uri;
  controller: ChatController;
  parts: readonly ViewPart[];
  log: (message: string) => void;
  /** The side panel puts History and New Chat in its title bar; an editor tab keeps them beside the input. */
  surface: 'view' | 'editor';
}

/**
 * The chat UI in one webview, the side panel's or an editor tab's: the html, the controller and the parts
 * attached, the webview's messages routed. Returns what undoes it when the webview goes away.
 */
export function connectChatWebview(webview: vscode.Webview, deps: ChatWebviewDeps): () => void {
  const { controller, parts, log, extensionUri } = deps;
  webview.options = {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
  webview.html = webviewHtml(webview, extensionUri, deps.surface);
  const coalescer = new DeltaCoalescer((message) => void webview.postMessage(message));
  const postPart = (message: unknown) => void webview.postMessage(message);
  const controllerPost = (message: HostMessage) => coalescer.send(message);
  controller.attach(controllerPost);
  for (const part of parts) part.attach(postPart);
  const toController = afterPartsSettle(parts, (message: WebviewMessage) => controller.handle(message), log);
  const listener = webview.onDidReceiveMessage((raw: unknown) => {
    const parsed = WebviewMessage.safeParse(raw);
    if (!parsed.success) return log(`Ignored a malformed webview message: ${parsed.error.message}`);
    if (isCodeBlockAction(parsed.data)) return void runCodeBlockAction(parsed.data, log).catch((error: unknown) => log(`Code block action failed: ${String(error)}`));
    if (parsed.data.type === 'openExternal') return void openExternalLink(parsed.data.url, log);
    if (parts.some((part) => part.handle(parsed.data))) return;
    toController(parsed.data);
  });
  return () => {
    listener.dispose();
    coalescer.discard();
    controller.detach(controllerPost);
    for (const part of parts) part.detach(postPart);
  };
}
