/**
 * Spec §4's secret detection, by content: text shaped like a key or a token. secretFiles tells by a file's name;
 * this tells by what a text holds (spec §21: a memory write that holds one is refused). Each pattern names what it
 * found, never the secret itself. Shapes are the providers' published prefixes and lengths, so ordinary prose and
 * code do not match.
 */
const secretShapes: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a private key', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/ },
  { what: 'an AWS access key id', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/ },
  { what: 'a GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b/ },
  { what: 'a GitLab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/ },
  { what: 'an Anthropic or OpenAI API key', pattern: /\bsk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/ },
  { what: 'a Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/ },
  { what: 'a Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { what: 'a Stripe key', pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}/ },
  { what: 'an npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/ },
  { what: 'a Hugging Face token', pattern: /\bhf_[A-Za-z0-9]{30,}\b/ },
  { what: 'a JSON web token', pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/ },
  { what: 'a bearer token', pattern: /\bBearer\s+[A-Za-z0-9._~+/=-]{24,}/ },
  { what: 'a password in a URL', pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:[^\s/@]{3,}@/i },
  // `api_key = "…"`, `SECRET: …`: a long opaque value assigned to something named like a secret.
  {
    what: 'a secret assignment',
    pattern: /\b[A-Za-z0-9_.-]*(?:api[_-]?key|secret|token|passw(?:or)?d|access[_-]?key|private[_-]?key|client[_-]?secret)\b["']?\s*[:=]\s*["']?(?=[A-Za-z0-9_\-/+=.]*[0-9])(?=[A-Za-z0-9_\-/+=.]*[A-Za-z])[A-Za-z0-9_\-/+=.]{16,}/i,
  },
];

/** What kind of secret `text` seems to hold (`a GitHub token`), or undefined. */
export function secretInText(text: string): string | undefined {
  return secretShapes.find((shape) => shape.pattern.test(text))?.what;
}
