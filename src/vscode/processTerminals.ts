import * as vscode from 'vscode';
import type { BackgroundProcesses } from '../core/processes/backgroundProcesses';
import { processStatusText } from '../core/processes/processStatus';
import { ThrottledFeed } from '../core/processes/throttledFeed';
import { l10n } from './hostL10n';

/** A terminal expects CRLF; a process writes LF. */
function terminalText(chunk: string): string {
  return chunk.replace(/\r?\n/g, '\r\n');
}

/**
 * The `Show output` of a process row (spec §14): a VS Code terminal named `CodeAgent: <command>`, a Pseudoterminal
 * that mirrors the process's output — what it printed before the terminal opened, then live (a flood as its
 * latest part: ThrottledFeed) — and its exit.
 * Typing does nothing: the process has no stdin. Closing the terminal leaves the process running.
 */
export class ProcessTerminals {
  private readonly open = new Map<string, vscode.Terminal>();

  constructor(private readonly processes: BackgroundProcesses) {}

  show(id: string): boolean {
    const existing = this.open.get(id);
    if (existing) {
      existing.show(true);
      return true;
    }
    const process = this.processes.get(id);
    if (!process) return false;
    const terminal = vscode.window.createTerminal({ name: `CodeAgent: ${process.command}`, pty: this.mirror(id), isTransient: true });
    this.open.set(id, terminal);
    terminal.show(true);
    return true;
  }

  dispose(): void {
    for (const terminal of this.open.values()) terminal.dispose();
    this.open.clear();
  }

  private mirror(id: string): vscode.Pseudoterminal {
    const write = new vscode.EventEmitter<string>();
    const feed = new ThrottledFeed((text) => write.fire(terminalText(text)));
    const stops: (() => void)[] = [() => feed.dispose()];
    let exitShown = false;
    const showExit = () => {
      const process = this.processes.get(id);
      if (exitShown || process?.status !== 'exited') return;
      exitShown = true;
      feed.flush();
      write.fire(`\r\n\x1b[2m[${l10n.t('CodeAgent: process {0} {1}', id, processStatusText(process, l10n))}]\x1b[0m\r\n`);
    };
    return {
      onDidWrite: write.event,
      open: () => {
        const unfollow = this.processes.follow(id, (chunk) => feed.push(chunk));
        if (unfollow) stops.push(unfollow);
        stops.push(this.processes.onChange(showExit));
        showExit();
      },
      close: () => {
        for (const stop of stops) stop();
        write.dispose();
        this.open.delete(id);
      },
    };
  }
}
