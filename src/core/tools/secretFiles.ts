import type { UserText } from '../ports/translator';
import { baseName } from './pathConfinement';

/** Templates that ship with projects to be copied; they hold placeholders, not secrets. */
const envTemplates = /^\.env\.(example|sample|template|dist|defaults)$/i;

const secretNames: readonly RegExp[] = [
  /^\.env$/i,
  /^\.env\..+$/i,
  /\.(pem|key|p12|pfx|jks|keystore|ppk|asc|gpg)$/i,
  // SSH private keys: id_rsa, id_ed25519, id_ecdsa_sk… but not their .pub halves.
  /^id_[a-z0-9_]+$/i,
  /^\.?(npmrc|netrc|pypirc|pgpass|git-credentials|htpasswd)$/i,
  /^_netrc$/i,
  /^credentials(\.[a-z]+)?$/i,
  /^secrets?\.(json|ya?ml|toml|ini|env)$/i,
  /^service-account.*\.json$/i,
];

/**
 * Why reading this workspace-relative path needs the user's consent even when read-only tools are
 * auto-approved, or undefined: a prompt-injected instruction must not be able to pull keys into the
 * conversation (and from there into anything the model writes) unasked. The approval card's sentence.
 */
export function secretFileReason(path: string): UserText | undefined {
  const name = baseName(path.replace(/\\/g, '/'));
  if (envTemplates.test(name)) return undefined;
  if (secretNames.some((pattern) => pattern.test(name)) || /(^|\/)\.(ssh|aws|gnupg|docker)\//.test(path)) {
    return (l10n) => l10n.t('Asking because this reads a file that may hold secrets ({0}).', name);
  }
  return undefined;
}
