import * as vscode from 'vscode';
import type { ChangeSide, ChangeTextKey } from '../../core/conversation/changeSideText';
import type { ChangeTextCache } from '../../core/conversation/changeTextCache';

export const changeScheme = 'codeagent-change';

/**
 * The two sides of a recorded change's diff ("Open diff", "Review changes"), read-only:
 * `codeagent-change:/<side>/<turn id>/<workspace path>?<conversation id>`. The texts live in a bounded
 * ChangeTextCache; a side it dropped is read back from the stored conversation when VS Code asks again.
 */
export class ChangeTextProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly cache: ChangeTextCache) {}

  /** The side's document, its text kept (for now) in the cache. */
  uriFor(key: ChangeTextKey, text: string): vscode.Uri {
    this.cache.put(key, text);
    return vscode.Uri.from({ scheme: changeScheme, path: `/${key.side}/${encodeURIComponent(key.turnId)}/${key.path}`, query: encodeURIComponent(key.conversationId) });
  }

  provideTextDocumentContent(uri: vscode.Uri): Promise<string> | string {
    const key = keyOf(uri);
    return key ? this.cache.text(key) : '';
  }
}

function keyOf(uri: vscode.Uri): ChangeTextKey | undefined {
  const match = /^\/(before|after)\/([^/]+)\/(.+)$/.exec(uri.path);
  if (!match) return undefined;
  return { side: match[1] as ChangeSide, turnId: decodeURIComponent(match[2]!), path: match[3]!, conversationId: decodeURIComponent(uri.query) };
}
