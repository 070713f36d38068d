import { z } from 'zod';
import { english, type Translator } from './ports/translator';
import { defaultCommandDenyList } from './commandJudgment/defaultDenyList';

/** The `codeagent.*` settings (spec §11), validated; the vscode layer reads them, the core only sees this shape. */
export const Settings = z.object({
  model: z.object({
    baseUrl: z.string().default('https://api.openai.com/v1'),
    name: z.string().default(''),
    contextWindow: z.number().int().min(1000).default(200_000),
    maxOutputTokens: z.number().int().min(1).default(8192),
    /** Spec §3: `auto` calls tools natively and falls back to xml, remembered, where the endpoint refuses tools. */
    toolProtocol: z.enum(['auto', 'xml', 'native']).default('auto'),
    /**
     * Spec §3: `auto` is `responses` for OpenAI's own endpoint and the models only it serves (`*-codex`), `messages`
     * for api.anthropic.com and base URLs whose path ends in `/anthropic`. `vscode`: a chat model VS Code offers
     * (`vscode.lm`: Copilot's plan, other extensions' providers), the one `vscodeModel` names; no endpoint, no key.
     */
    api: z.enum(['auto', 'chat', 'responses', 'messages', 'vscode']).default('auto'),
    /** Issue 55: the VS Code chat model `api: vscode` uses, as `lm.selectChatModels` names it. */
    vscodeModel: z.object({ vendor: z.string().default(''), family: z.string().default(''), id: z.string().default('') }).nullable().default(null),
    reasoningEffort: z.enum(['default', 'none', 'low', 'medium', 'high', 'max']).default('default'),
    inputPricePerMTok: z.number().min(0).default(0),
    outputPricePerMTok: z.number().min(0).default(0),
    /** Price of input tokens the provider's prompt cache served; null: the same as inputPricePerMTok. */
    cachedInputPricePerMTok: z.number().min(0).nullable().default(null),
    maxRetries: z.number().int().min(0).max(10).default(3),
    continueMaxRounds: z.number().int().min(0).max(20).default(5),
    /** Spec §16: false → attaching an image says why, and Read describes an image instead of returning it. */
    supportsImages: z.boolean().default(true),
  }).prefault({}),
  summaryModel: z.object({ name: z.string().default('') }).prefault({}),
  context: z.object({
    compactThreshold: z.number().min(0.1).max(1).default(0.8),
    keepRecentRounds: z.number().int().min(1).default(10),
    summaryTimeoutSeconds: z.number().int().min(1).default(120),
    /** Spec §17: which of the ecosystem's instruction files reach L2. */
    instructionFiles: z.object({
      claude: z.boolean().default(true),
      copilot: z.boolean().default(true),
      nestedAgents: z.boolean().default(true),
    }).prefault({}),
  }).prefault({}),
  agent: z.object({
    maxIterations: z.number().int().min(1).default(50),
    /** Spec §7: the main agent plans and dispatches Task children but does not act itself. */
    planMode: z.boolean().default(false),
  }).prefault({}),
  approval: z.object({
    autoApproveReadOnly: z.boolean().default(true),
    autoApproveEdits: z.boolean().default(false),
    autoApproveCommands: z.boolean().default(false),
    /** Spec §23: each entry (`npm test`, `git commit *`, `/regex/`) is matched against each sub-command. */
    commandAllowList: z.array(z.string()).default([]),
    /** Spec §23: always asks, whatever else would let the command run unasked (user-only). */
    commandDenyList: z.array(z.string()).default([...defaultCommandDenyList]),
    /** `server/tool` or `server/*` (spec §12). */
    autoApproveMcpTools: z.array(z.string()).default([]),
    /** Spec §15: `before` asks in the diff editor (§8); `after` writes at once and marks each hunk for Keep or Undo. */
    editReview: z.enum(['before', 'after']).default('before'),
  }).prefault({}),
  tools: z.object({
    /** Spec §13: how long an edit's result waits at most for the language services' problems to settle. */
    diagnosticsWaitMs: z.number().int().min(0).max(30_000).default(2000),
    /** Spec §14: background processes running at once. */
    maxBackgroundProcesses: z.number().int().min(1).max(100).default(10),
  }).prefault({}),
  agents: z.object({
    defaultContextMode: z.enum(['isolated', 'shared']).default('isolated'),
    allowSharedContext: z.boolean().default(true),
    sharedContextMaxMessages: z.number().int().min(1).default(100),
  }).prefault({}),
  /** Spec §17: hooks run at all (the user's settings only; a workspace may only turn them off). */
  hooks: z.object({ enabled: z.boolean().default(true) }).prefault({}),
  /** Spec §18: commands run in an OS sandbox, unasked (the user's settings only; a workspace may only narrow the domains). */
  sandbox: z.object({
    enabled: z.boolean().default(false),
    /** Hosts a sandboxed command may reach through the runtime's proxy (`*.example.com`, `host:port`); none by default. */
    allowedDomains: z.array(z.string()).default([]),
  }).prefault({}),
  /** Spec §22: WebFetch and WebSearch; allowedDomains and the provider from the user's settings only. */
  web: z.object({
    enabled: z.boolean().default(true),
    /** Hosts fetched unasked (`*.example.com` for subdomains); loopback and private addresses only for these. */
    allowedDomains: z.array(z.string()).default([]),
    search: z.object({
      provider: z.enum(['none', 'brave', 'tavily', 'exa', 'searxng']).default('none'),
      baseUrl: z.string().default(''),
    }).prefault({}),
  }).prefault({}),
  /** Spec §12: the same shape as `.vscode/mcp.json`'s `servers`, validated where servers are started. */
  mcp: z.object({ servers: z.record(z.string(), z.record(z.string(), z.unknown())).default({}) }).prefault({}),
  /** Spec §19, the user's settings only: what a new worktree gets before its conversation starts. */
  worktree: z.object({
    /** Run once in a new worktree (`npm ci`), approved like any command. */
    setupCommand: z.string().default(''),
    /** Globs of ignored files copied into a new worktree (`.env.local`); a file that may hold secrets asks first. */
    copyFiles: z.array(z.string()).default([]),
  }).prefault({}),
  /** Spec §20: an OS notification when the window is not focused (local desktops only; the user's setting only). */
  notifications: z.object({ whenUnfocused: z.boolean().default(true) }).prefault({}),
  /** Spec §21, the user's setting only: the Memory tool and the indexes in L2; off, neither. */
  memory: z.object({ enabled: z.boolean().default(true) }).prefault({}),
});
export type Settings = z.infer<typeof Settings>;

export const defaultSettings = (): Settings => Settings.parse({});

/** Loopback endpoints (Ollama, LM Studio, vLLM on this machine) need no API key. */
export function isLocalEndpoint(baseUrl: string): boolean {
  const host = /^[a-z]+:\/\/(\[[^\]]+\]|[^/:]+)/i.exec(baseUrl.trim())?.[1]?.toLowerCase();
  return host === 'localhost' || host === '[::1]' || host === '0.0.0.0' || (host?.startsWith('127.') ?? false);
}

/** Why `baseUrl` cannot be called, in words for the user (in their language with the host's l10n); undefined when it is a usable http(s) URL. */
export function baseUrlProblem(baseUrl: string, l10n: Translator = english): string | undefined {
  const value = baseUrl.trim();
  if (!value) return l10n.t('codeagent.model.baseUrl is empty.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return /^[\w.-]+\.[a-z]{2,}(?::\d+)?(\/|$)/i.test(value)
      ? l10n.t('codeagent.model.baseUrl "{0}" is not a URL: it must start with http:// or https://. Did you mean https://{0}?', value)
      : l10n.t('codeagent.model.baseUrl "{0}" is not a URL: it must start with http:// or https://.', value);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return l10n.t('codeagent.model.baseUrl "{0}" uses {1} — only http:// and https:// endpoints are supported.', value, url.protocol);
  if (!/^https?:\/\/[^/]/i.test(value)) return l10n.t('codeagent.model.baseUrl "{0}" is malformed: it must look like https://host/path.', value);
  if (!url.hostname) return l10n.t('codeagent.model.baseUrl "{0}" has no host name.', value);
  return undefined;
}
