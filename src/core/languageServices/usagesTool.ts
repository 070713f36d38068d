import { z } from 'zod';
import usagesDoc from '../../../prompts/tools/usages.md';
import type { LanguageServices, SourceLocation } from '../ports/languageServices';
import { dataOf, historyRecord } from '../tools/historyRecord';
import { clip } from '../tools/textLines';
import { success } from '../tools/toolResults';
import type { ToolDefinition } from '../tools/toolTypes';
import { anchorSymbol } from './symbolAnchor';

const maxLocations = 100;
const maxLineChars = 200;
const historyLocations = 10;

const schema = z.object({
  symbol: z.string().min(1).describe('The name to look up, e.g. parseConfig'),
  path: z.string().min(1).describe('A file where the symbol appears, relative to the workspace root'),
  line_content: z.string().optional().describe('The text of a line of that file containing the symbol (copied from Read or Grep)'),
});
export type UsagesParams = z.infer<typeof schema>;

type Section = 'Definitions' | 'References' | 'Implementations';

interface UsagesData {
  symbol: string;
  counts: Record<Section, number>;
  lines: string[];
}

const locationLine = (l: SourceLocation) => `${l.path}:${l.line + 1}: ${clip(l.lineText.trim(), maxLineChars)}`;

function unique(locations: readonly SourceLocation[]): SourceLocation[] {
  const seen = new Set<string>();
  return locations.filter((l) => {
    const key = `${l.path}:${l.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Spec §13 `Usages`: definitions, references and implementations from the language services, ≤ 100 lines. */
export function usagesTool(services: LanguageServices): ToolDefinition<UsagesParams> {
  return {
    name: 'Usages',
    kind: 'read',
    schema,
    doc: usagesDoc,
    paramNames: ['symbol', 'path', 'line_content'],
    async run(params, ctx) {
      const at = await anchorSymbol(ctx.fs, params.path, params.symbol, params.line_content);
      const [definitions, references, implementations] = await Promise.all([services.definitions(at), services.references(at), services.implementations(at)]);
      const sections: [Section, SourceLocation[]][] = [['Definitions', unique(definitions)], ['References', unique(references)], ['Implementations', unique(implementations)]];
      let budget = maxLocations;
      const lines: string[] = [];
      for (const [name, found] of sections) {
        if (found.length === 0) continue;
        const shown = found.slice(0, Math.max(0, budget));
        budget -= shown.length;
        lines.push(`${name}:`, ...shown.map(locationLine));
        if (shown.length < found.length) lines.push(`…and ${found.length - shown.length} more`);
      }
      const counts = Object.fromEntries(sections.map(([name, found]) => [name, found.length])) as Record<Section, number>;
      const data: UsagesData = { symbol: params.symbol, counts, lines };
      if (lines.length === 0) return success(data, `No definitions, references or implementations of '${params.symbol}' were found from ${at.path}:${at.line + 1}.`);
      return success(data, lines.join('\n'));
    },
    compress(_params, result) {
      const data = dataOf<UsagesData>(result);
      if (result.status !== 'success' || !data.lines) return historyRecord(result, undefined);
      const locations = data.lines.filter((line) => !line.endsWith(':'));
      return historyRecord(result, { symbol: data.symbol, counts: data.counts, first: locations.slice(0, historyLocations) });
    },
  };
}
