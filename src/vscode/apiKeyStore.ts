import * as vscode from 'vscode';

const secretKey = 'codeagent.apiKey';

/** SecretStorage first, then CODEAGENT_API_KEY, then the API maker's own variable: ANTHROPIC_API_KEY for the Messages API, else OPENAI_API_KEY. */
export class ApiKeyStore {
  private cached: string | undefined;

  constructor(private readonly secrets: vscode.SecretStorage) {}

  async load(): Promise<void> {
    this.cached = await this.secrets.get(secretKey);
  }

  current(api?: 'chat' | 'responses' | 'messages'): string | undefined {
    const own = api === 'messages' ? process.env.ANTHROPIC_API_KEY : process.env.OPENAI_API_KEY;
    return this.cached || process.env.CODEAGENT_API_KEY || own || undefined;
  }

  async promptAndStore(): Promise<boolean> {
    const value = await vscode.window.showInputBox({
      title: vscode.l10n.t('CodeAgent: Set API Key'),
      prompt: vscode.l10n.t('API key for the endpoint in codeagent.model.baseUrl. Stored in VS Code SecretStorage. Leave empty to remove it.'),
      password: true,
      ignoreFocusOut: true,
    });
    if (value === undefined) return false;
    if (value.trim()) await this.secrets.store(secretKey, value.trim());
    else await this.secrets.delete(secretKey);
    this.cached = value.trim() || undefined;
    return true;
  }

  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange(async (event) => {
      if (event.key !== secretKey) return;
      await this.load();
      listener();
    });
  }
}
