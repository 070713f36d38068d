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
    return { servers: [], problems: [{ source: mcpJsonPath, reason: `not valid JSON: ${printParseErrorCode(first.error)} on line ${line}.` }] };
  }
  if (root === undefined) return { servers: [], problems: [] };
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    return { servers: [], problems: [{ source: mcpJsonPath, reason: 'must be an object with "servers".' }] };
  }
  return parseServers((root as Record<string, unknown>).servers, mcpJsonPath);
}
