import { homeSecretPaths } from '../tools/sandboxPolicy';
import { secretFileReason } from '../tools/secretFiles';

/** Names a glob is tried against: if it could match one, it could read a secret (spec §4). */
const secretSamples = ['.env', '.env.local', 'id_rsa', 'id_ed25519', 'server.key', 'cert.pem', 'store.p12', '.npmrc', '.netrc', 'credentials', 'secrets.json', '.git-credentials', 'service-account.json'];

function homeSecret(path: string): boolean {
  return homeSecretPaths.some((name) => path === `~/${name}` || path.startsWith(`~/${name}/`) || path.includes(`/${name}/`) || path.endsWith(`/${name}`)
    || (name.startsWith('.') && (path === name || path.startsWith(`${name}/`))));
}

/** Whether this word names a secret file of spec §4 (`.env`, `~/.ssh/id_rsa`, `HEAD:.env`, `--file=.env`). */
export function namesSecret(word: string): boolean {
  const candidates = [word, word.slice(word.indexOf('=') + 1), word.slice(word.lastIndexOf(':') + 1)];
  return candidates.some((path) => path !== '' && (secretFileReason(path) !== undefined || homeSecret(path)));
}

function globRegex(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '\\' && i + 1 < glob.length) source += glob[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) source += '\\[';
      else {
        source += `[${glob.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Whether a glob (`*.pem`, `.e*`, `src/*`) could expand to a secret file's name. */
export function globMaySecret(glob: string): boolean {
  const base = glob.slice(glob.lastIndexOf('/') + 1);
  if (base === '') return false;
  let pattern: RegExp;
  try {
    pattern = globRegex(base);
  } catch {
    return true;
  }
  // The shell's globs skip names that start with a dot unless the pattern does too.
  return secretSamples.some((name) => (base.startsWith('.') || !name.startsWith('.')) && pattern.test(name)) || homeSecret(glob);
}

/** Invisible characters and direction overrides: what the card shows is not what runs. */
const invisible = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
/** Dashes that look like `-` but are not an option to the program. */
const dashLike = /^[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/;

/** Whether a word hides what it is: a non-ASCII command name, an invisible character, a dash look-alike. */
export function looksAlike(words: readonly string[]): boolean {
  const [name = ''] = words;
  return /[^\x20-\x7E]/.test(name) || words.some((word) => invisible.test(word) || dashLike.test(word));
}
