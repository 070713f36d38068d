import type { Translator } from '../ports/translator';
import type { AskWhy, JudgedPart } from './judgeCommand';
import type { NotReadOnly } from './readOnlyCheck';

function because(reason: NotReadOnly, l10n: Translator): string {
  switch (reason.kind) {
    case 'unknown-command': return l10n.t('not in the read-only set or the allow-list');
    case 'option': return l10n.t('the option {0} can run or write something', reason.option);
    case 'operand': return reason.operand === '' ? l10n.t('without an argument it changes something') : l10n.t('{0} can change something', reason.operand);
    case 'git-config': return l10n.t('git -c sets configuration that can run programs');
  }
}

function why(reason: AskWhy, l10n: Translator): string {
  switch (reason.kind) {
    case 'unknown': return l10n.t('cannot be judged before it runs ({0})', reason.what);
    case 'look-alike': return l10n.t('has characters that look like others');
    case 'secret': return l10n.t('reads a file that may hold secrets ({0})', reason.file);
    case 'writes': return l10n.t('writes to {0}', reason.file);
    case 'assignment': return l10n.t('sets a variable');
    case 'not-read-only': return because(reason.because, l10n);
    case 'read-only-off': return l10n.t('read-only commands ask (approval.autoApproveReadOnly is off)');
    case 'not-parsed': return l10n.t('not parsed: {0}', reason.reason);
    case 'denied': return l10n.t('on the deny list ({0})', reason.rule);
  }
}

/** The card's line saying which part asked and why, in the user's words (spec §20, §23). */
export function askingReason(asking: readonly JudgedPart[], l10n: Translator): string {
  const parts = asking.map((part) => (part.outcome.kind === 'asks' ? `\`${part.text}\`: ${why(part.outcome.why, l10n)}` : part.text));
  return l10n.t('Asking because of {0}.', parts.join('; '));
}
