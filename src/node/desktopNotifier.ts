import { execFile } from 'node:child_process';
import type { DesktopNotifier } from '../core/ports/desktopNotifier';

/** How to raise a notification on `platform`: the program and its arguments, the texts never in a shell's reach. */
export function desktopNotificationCommand(platform: NodeJS.Platform, title: string, body: string): { file: string; args: string[]; env?: Record<string, string> } | undefined {
  switch (platform) {
    case 'linux':
      return { file: 'notify-send', args: ['--app-name=CodeAgent', title, body] };
    case 'darwin':
      return { file: 'osascript', args: ['-e', `display notification ${appleScriptString(body)} with title ${appleScriptString(title)}`] };
    case 'win32':
      // The texts reach PowerShell through the environment, so nothing in them is read as script.
      return { file: 'powershell.exe', args: ['-NoProfile', '-NonInteractive', '-Command', windowsToastScript], env: { CODEAGENT_TOAST_TITLE: title, CODEAGENT_TOAST_BODY: body } };
    default:
      return undefined;
  }
}

function appleScriptString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const windowsToastScript = [
  '[Windows.UI.Notifications.ToastNotificationManager, Windows.UI.Notifications, ContentType = WindowsRuntime] | Out-Null',
  '[Windows.Data.Xml.Dom.XmlDocument, Windows.Data.Xml.Dom.XmlDocument, ContentType = WindowsRuntime] | Out-Null',
  '$e = [System.Security.SecurityElement]',
  '$xml = "<toast><visual><binding template=`"ToastGeneric`"><text>$($e::Escape($env:CODEAGENT_TOAST_TITLE))</text><text>$($e::Escape($env:CODEAGENT_TOAST_BODY))</text></binding></visual></toast>"',
  '$doc = New-Object Windows.Data.Xml.Dom.XmlDocument',
  '$doc.LoadXml($xml)',
  // Toasts need an app id Windows knows; PowerShell's own is always registered.
  '$app = "{1AC14E77-02E7-4E5D-B744-2EB1AE5198B7}\\WindowsPowerShell\\v1.0\\powershell.exe"',
  '[Windows.UI.Notifications.ToastNotificationManager]::CreateToastNotifier($app).Show([Windows.UI.Notifications.ToastNotification]::new($doc))',
].join('; ');

/**
 * The OS notification through the tool each desktop ships (VS Code's API has none): notify-send, osascript, a
 * PowerShell toast. A machine without it gets none; the reason is logged once.
 */
export class NodeDesktopNotifier implements DesktopNotifier {
  private failed = false;

  constructor(private readonly log: (message: string) => void, private readonly platform: NodeJS.Platform = process.platform) {}

  notify(title: string, body: string): void {
    const command = desktopNotificationCommand(this.platform, title, body);
    if (!command || this.failed) return;
    execFile(command.file, command.args, { timeout: 10_000, windowsHide: true, env: { ...process.env, ...command.env } }, (error) => {
      if (!error || this.failed) return;
      this.failed = true;
      this.log(`No desktop notification: ${command.file} failed (${error.message}).`);
    });
  }
}
