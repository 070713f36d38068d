/**
 * A definition as text that is the same for the same content: object keys sorted at every depth, so a
 * reordered but otherwise equal `.vscode/mcp.json` entry keeps its trust and any real change loses it.
 */
export function canonicalDefinition(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(record).sort().filter((key) => record[key] !== undefined).map((key) => [key, sortKeys(record[key])]));
}
