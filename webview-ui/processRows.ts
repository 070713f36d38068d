import type { ProcessView } from '../src/protocol/messages';
import { post } from './vscodeApi';
import { vscodeButton } from './vscodeButton';
import { t } from './l10n';

/**
 * The background processes above the input (spec §14): one `data-kind="process"` row each with its
 * `data-status` (running | exited), the command, `sandboxed` when it runs in the sandbox (spec §18), `Show output` (its terminal) and, while it runs,
 * `Stop process <id>`. Hidden while there is none.
 */
export class ProcessRows {
  constructor(private readonly section: HTMLElement) {}

  show(processes: readonly ProcessView[]): void {
    this.section.hidden = processes.length === 0;
    this.section.replaceChildren(...processes.map(processRow));
  }
}

function processRow(process: ProcessView): HTMLElement {
  const row = document.createElement('div');
  row.className = `process-row process-${process.status}`;
  row.dataset.kind = 'process';
  row.dataset.process = process.id;
  row.dataset.status = process.status;

  const dot = document.createElement('span');
  dot.className = 'process-dot';
  dot.setAttribute('aria-hidden', 'true');
  const id = document.createElement('span');
  id.className = 'process-id';
  id.textContent = process.id;
  const command = document.createElement('code');
  command.className = 'process-command';
  command.textContent = process.command;
  command.title = process.command;
  const state = document.createElement('span');
  state.className = 'process-state';
  state.textContent = process.status === 'running' ? t('process.running') : t('process.exited', process.exitCode ?? t('process.signal'));
  if (process.sandboxed) {
    const sandboxed = document.createElement('span');
    sandboxed.className = 'process-sandboxed';
    sandboxed.dataset.kind = 'sandboxed';
    sandboxed.title = t('card.sandboxedTitle');
    sandboxed.textContent = t('card.sandboxed');
    state.append(' · ', sandboxed);
  }
  const show = vscodeButton(t('process.showOutput'), () => post({ type: 'showProcessOutput', id: process.id }), { secondary: true });
  show.className = 'process-show';
  // The buttons wrap below the command in a narrow panel rather than pushing it out of sight.
  const actions = document.createElement('span');
  actions.className = 'process-actions';
  actions.append(show);
  if (process.status === 'running') {
    const stop = vscodeButton(t('process.stop'), () => post({ type: 'stopProcess', id: process.id }), { secondary: true });
    stop.className = 'process-stop';
    stop.setAttribute('aria-label', t('process.stopName', process.id));
    actions.append(stop);
  }
  row.append(dot, id, command, state, actions);
  return row;
}
