import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { parseServers, type McpConfigParse } from './mcpServerConfig';

export const mcpJsonPath = '.vscode/mcp.json';

/** `.vscode/mcp.json` as VS Code reads it: JSON with comments and trailing commas; `inputs` are not CodeAgent's. */
export function parseMcpJson(text: string): McpConfigParse {
  const errors: ParseError[] = [];
  const root: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const first = errors[0]!;
    const line = text.slice(0, first.offset).split('\n').length;
    const code = printParseErrorCode(first.error);
    return { servers: [], problems: [{ source: mcpJsonPath, reason: (l10n) => l10n.t('not valid JSON: {0} on line {1}.', code, line) }] };
  }
  if (root === undefined) return { servers: [], problems: [] };
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    return { servers: [], problems: [{ source: mcpJsonPath, reason: (l10n) => l10n.t('must be an object with "servers".') }] };
  }
  return parseServers((root as Record<string, unknown>).servers, mcpJsonPath);
}
