/**
 * Spec §23: `approval.commandDenyList`'s defaults (package.json repeats them; a unit test keeps both equal). Each
 * always asks, whatever else would let the command run unasked, the sandbox included. Matched against each
 * sub-command and against the whole line (a pipe into a shell spans two sub-commands).
 */
export const defaultCommandDenyList: readonly string[] = [
  // rm -rf on the root, the home folder or the parent folder.
  '/^rm\\s(?=(.*\\s)?-(-recursive|[a-zA-Z]*[rR]))(?=(.*\\s)?-(-force|[a-zA-Z]*f)).*\\s(\\/|~|\\.\\.)\\/?\\*?(\\s|$)/',
  // A download piped into a shell.
  '/\\b(curl|wget)\\b[^|]*\\|\\s*(sudo\\s+)?(ba|z|da|k|fi)?sh\\b/',
  'sudo *',
  '/^git\\s(.*\\s)?push\\s(.*\\s)?(--force(-with-lease)?(=\\S*)?|-f|\\+\\S+)(\\s|$)/',
  '/^dd\\s(.*\\s)?of=\\/dev\\//',
  '/^chmod\\s(.*\\s)?-[a-zA-Z]*R[a-zA-Z]*\\s(.*\\s)?0?777(\\s|$)/',
  '/^mkfs(\\.\\w+)?(\\s|$)/',
];
