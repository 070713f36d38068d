import { PostingViewPart } from './viewPart';
import type { BackgroundProcesses, BackgroundProcessView } from '../core/processes/backgroundProcesses';
import type { ProcessView, WebviewMessage } from '../protocol/messages';
import type { ProcessTerminals } from './processTerminals';

/** The panel's process rows (spec §14): the list on every change and when the view (re)loads, their Show output and Stop process. */
export class ProcessPanel extends PostingViewPart {
  private readonly unsubscribe: () => void;

  constructor(
    private readonly processes: BackgroundProcesses,
    private readonly terminals: ProcessTerminals,
    private readonly log: (message: string) => void,
  ) {
    super();
    this.unsubscribe = processes.onChange(() => this.send());
  }

  /** True when the message was the panel's own; `ready` is also the chat's, so it is never consumed. */
  handle(message: WebviewMessage): boolean {
    if (message.type === 'ready') this.send();
    if (message.type === 'showProcessOutput') {
      if (!this.terminals.show(message.id)) this.log(`Show output: no background process ${message.id}`);
    } else if (message.type === 'stopProcess') {
      void this.processes.stop(message.id).then((outcome) => this.log(`Stopped background process ${message.id} from the panel: ${outcome ?? 'unknown id'}`));
    } else return false;
    return true;
  }

  dispose(): void {
    this.unsubscribe();
  }

  private send(): void {
    this.post?.({ type: 'processes', processes: this.processes.list().map(processView) });
  }
}

function processView(process: BackgroundProcessView): ProcessView {
  return { id: process.id, command: process.command, status: process.status, exitCode: process.exitCode, startedAt: process.startedAt, ...(process.sandboxed ? { sandboxed: true } : {}) };
}
