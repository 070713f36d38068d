/**
 * What a workspace brings that needs the user's yes (spec §11, §12, §17): a model endpoint it points the key at,
 * an MCP server it starts, a hook it runs. A decision is about one exact definition: a changed one asks again.
 */
export interface TrustSubject {
  /** What is trusted, e.g. `endpoint`, `mcpServer`, `hook`. */
  kind: string;
  /** Which one: a setting key, a server name. */
  name: string;
  /** Everything that defines it, as canonical text (see canonicalDefinition); only its hash is kept. */
  definition: string;
}

/** Remembered per workspace (implemented on VS Code's workspace state with per-definition hashes). */
export interface TrustStore {
  isAllowed(subject: TrustSubject): boolean;
  allow(subject: TrustSubject): Promise<void>;
  /** Calls `listener` after each allow(), for what caches a decision; returns what stops it. */
  onAllowed?(listener: () => void): () => void;
}
