import type { Waiting } from '../core/nudge/attention';
import { l10n } from './hostL10n';

/** The notification's words for what waits (spec §20), in the user's language; `title` names the conversation. */
export function attentionMessage(item: Waiting, title: string): string {
  const where = title ? `“${title}”` : l10n.t('a conversation');
  switch (item.need) {
    case 'approval': return l10n.t('{0} is waiting for your approval in {1}.', item.tool ?? l10n.t('A tool'), where);
    case 'answer': return l10n.t('The agent asks you a question in {0}.', where);
    case 'finished': return l10n.t('The agent finished in {0}.', where);
    case 'failed': return l10n.t('The agent stopped with an error in {0}.', where);
  }
}

/** The badge's tooltip. */
export function attentionTooltip(count: number): string {
  return count === 1 ? l10n.t('CodeAgent: 1 thing waiting for you') : l10n.t('CodeAgent: {0} things waiting for you', count);
}

/** The notification's link to the conversation. */
export function showLink(command: string): string {
  return `[${l10n.t('Show')}](${command} "${l10n.t('Show the conversation')}")`;
}
