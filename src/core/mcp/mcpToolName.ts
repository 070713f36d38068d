/** OpenAI-compatible providers accept function names of `[a-zA-Z0-9_-]{1,64}`; the xml parser is fine with the same. */
const maxNameLength = 64;

/**
 * `mcp__<server>__<tool>` (spec §12), with characters providers refuse replaced by `_` and cut to 64.
 * `taken` holds the names already given out: a clash after sanitising gets a numbered suffix instead of a duplicate.
 */
export function mcpToolName(server: string, tool: string, taken: ReadonlySet<string> = new Set()): string {
  const clean = (part: string) => part.replace(/[^A-Za-z0-9_-]/g, '_');
  const base = `mcp__${clean(server)}__${clean(tool)}`.slice(0, maxNameLength);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, maxNameLength - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** `server/tool` and `server/*` entries of `approval.autoApproveMcpTools`, matched on the server's own names. */
export function mcpToolAutoApproved(patterns: readonly string[], server: string, tool: string): boolean {
  return patterns.some((pattern) => {
    const slash = pattern.indexOf('/');
    if (slash < 0) return false;
    const patternServer = pattern.slice(0, slash).trim();
    const patternTool = pattern.slice(slash + 1).trim();
    return patternServer === server && (patternTool === '*' || patternTool === tool);
  });
}
