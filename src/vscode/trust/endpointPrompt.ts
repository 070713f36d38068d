import * as vscode from 'vscode';
import type { TrustStore } from '../../core/ports/trustStore';
import { endpointSubject, type EndpointChoice } from '../../core/trust/endpointTrust';

type Ignored = NonNullable<EndpointChoice['ignored']>;

/**
 * Spec §11: a workspace that points `codeagent.<key>` elsewhere than the user's own setting gets one prompt
 * naming the URL; until Allow, the user's endpoint is used and the log and the panel say so.
 */
export class EndpointPrompt {
  private readonly asked = new Set<string>();

  constructor(private readonly options: {
    store: TrustStore;
    log: vscode.LogOutputChannel;
    /** A line in the chat panel. */
    tell: (message: string) => void;
    /** Called after Allow, so views that show the endpoint refresh. */
    onAllowed: () => void;
  }) {}

  /** Called on every settings read that skips the workspace's endpoint: asks once per URL and window. */
  notice(key: string, ignored: Ignored, used: string | undefined): void {
    const once = `${key}\0${ignored.url}\0${ignored.reason}`;
    if (this.asked.has(once)) return;
    this.asked.add(once);
    const own = used ?? vscode.l10n.t('the default endpoint');
    if (ignored.reason === 'restrictedMode') {
      this.options.log.warn(`This workspace sets codeagent.${key} to ${ignored.url}; in Restricted Mode CodeAgent uses your own ${own}.`);
      return;
    }
    const message = vscode.l10n.t('This workspace’s settings set codeagent.{0} to {1}, not your own {2}. CodeAgent uses {2} until you allow it.', key, ignored.url, own);
    this.options.log.warn(message);
    this.options.tell(message);
    void this.ask(key, ignored.url);
  }

  private async ask(key: string, url: string): Promise<void> {
    const allow = vscode.l10n.t('Allow');
    const answer = await vscode.window.showWarningMessage(vscode.l10n.t('CodeAgent: this workspace sets codeagent.{0}. Send your requests and API key to {1}?', key, url), allow);
    if (answer !== allow) return;
    await this.options.store.allow(endpointSubject(key, url));
    this.options.log.info(`Allowed for this workspace: requests and the API key go to ${url} (codeagent.${key}).`);
    this.options.onAllowed();
  }
}
