import { z } from 'zod';
import symbolsDoc from '../../../prompts/tools/symbols.md';
import type { LanguageServices, SymbolEntry } from '../ports/languageServices';
import { dataOf, historyRecord } from '../tools/historyRecord';
import { success } from '../tools/toolResults';
import type { ToolDefinition } from '../tools/toolTypes';
import { countOf } from '../plural';

const maxSymbols = 100;
const historySymbols = 10;

const schema = z.object({
  query: z.string().min(1).describe('A name or part of one, e.g. UserService'),
});
export type SymbolsParams = z.infer<typeof schema>;

interface SymbolsData {
  query: string;
  total: number;
  lines: string[];
}

const symbolLine = (s: SymbolEntry) => `${s.kind} ${s.container ? `${s.container}.` : ''}${s.name} — ${s.location.path}:${s.location.line + 1}`;

/** Spec §13 `Symbols`: the workspace symbols the language services find for a query. */
export function symbolsTool(services: LanguageServices): ToolDefinition<SymbolsParams> {
  return {
    name: 'Symbols',
    kind: 'read',
    schema,
    doc: symbolsDoc,
    paramNames: ['query'],
    async run(params) {
      const found = await services.workspaceSymbols(params.query);
      const lines = found.slice(0, maxSymbols).map(symbolLine);
      if (found.length > maxSymbols) lines.push(`…and ${found.length - maxSymbols} more; make the query more specific.`);
      const data: SymbolsData = { query: params.query, total: found.length, lines };
      if (lines.length === 0) return success(data, `No symbols match '${params.query}'.`);
      return success(data, [`${countOf(found.length, 'symbol', 'symbols')} match '${params.query}':`, ...lines].join('\n'));
    },
    compress(_params, result) {
      const data = dataOf<SymbolsData>(result);
      if (result.status !== 'success' || !data.lines) return historyRecord(result, undefined);
      return historyRecord(result, { query: data.query, total: data.total, first: data.lines.slice(0, historySymbols) });
    },
  };
}
