import { z } from 'zod';
import type { ToolSpec } from '../ports/modelClient';
import { historyRecord } from './historyRecord';
import { coerceParams, isOptional } from './paramCoercion';
import { failure, failureFromException } from './toolResults';
import type { AnyToolDefinition, ToolContext, ToolResult } from './toolTypes';

export type RawToolParams = Record<string, unknown> | string;

type Parsed = { ok: true; params: unknown } | { ok: false; result: ToolResult };

/** The tools of one agent: lookup, validation and a resolver call that never throws into the loop. */
export class ToolRegistry {
  private readonly byName = new Map<string, AnyToolDefinition>();

  constructor(tools: readonly AnyToolDefinition[]) {
    for (const tool of tools) {
      if (this.byName.has(tool.name)) throw new Error(`Duplicate tool name ${tool.name}`);
      this.byName.set(tool.name, tool);
    }
  }

  /** Exact name first; models sometimes change the case (`<read>`), which is still unambiguous. */
  get(name: string): AnyToolDefinition | undefined {
    const exact = this.byName.get(name);
    if (exact) return exact;
    const lower = name.toLowerCase();
    return this.list().find((t) => t.name.toLowerCase() === lower);
  }

  list(): AnyToolDefinition[] {
    return [...this.byName.values()];
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /** A registry with only the tools `keep` accepts (named agents' allow/deny lists, sub-agents). */
  filter(keep: (tool: AnyToolDefinition) => boolean): ToolRegistry {
    return new ToolRegistry(this.list().filter(keep));
  }

  async invoke(name: string, rawParams: RawToolParams, ctx: ToolContext): Promise<ToolResult> {
    const tool = this.get(name);
    if (!tool) return failure('unknown_tool', `Unknown tool '${name}'. Available tools: ${this.names().join(', ')}.`);
    if (ctx.signal.aborted) return failure('cancelled', 'The tool was cancelled by the user.');
    const parsed = this.parse(tool, rawParams);
    if (!parsed.ok) return parsed.result;
    try {
      return await tool.run(parsed.params, ctx);
    } catch (error) {
      return failureFromException(error, ctx.signal);
    }
  }

  /** The history record of a call (spec §4); calls that never reached a tool keep just status and error. */
  compress(name: string, rawParams: RawToolParams, result: ToolResult): string {
    const tool = this.get(name);
    const parsed = tool ? this.parse(tool, rawParams) : undefined;
    if (tool && parsed?.ok) {
      try {
        return tool.compress(parsed.params, result);
      } catch {
        // A compressor choking on an odd result must not lose the record.
      }
    }
    return historyRecord(result, undefined);
  }

  /** Native function-calling declarations (spec §3 `native`). */
  toolSpecs(): ToolSpec[] {
    return this.list().map((tool) => {
      const { $schema: _ignored, ...parameters } = tool.inputJsonSchema ?? (z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>);
      const native = tool.anthropicNative?.();
      return { name: tool.name, description: nativeDescription(tool.doc), parameters, ...(native ? { anthropicNative: native } : {}) };
    });
  }

  private parse(tool: AnyToolDefinition, rawParams: RawToolParams): Parsed {
    let raw: unknown = rawParams;
    if (typeof rawParams === 'string') {
      try {
        raw = rawParams.trim() === '' ? {} : JSON.parse(rawParams);
      } catch (error) {
        return { ok: false, result: failure('invalid_params', `The arguments of ${tool.name} are not valid JSON: ${(error as Error).message}`) };
      }
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return { ok: false, result: failure('invalid_params', `The arguments of ${tool.name} must be an object of named parameters.`) };
    }
    const result = tool.schema.safeParse(coerceParams(tool.schema, raw as Record<string, unknown>), { reportInput: true });
    if (result.success) return { ok: true, params: result.data };
    return { ok: false, result: failure('invalid_params', describeIssues(tool, result.error.issues)) };
  }
}

/** The prompt doc without its heading and its XML example (with the example's own note), which would mislead a function-calling model. */
function nativeDescription(doc: string): string {
  return doc
    .replace(/^## .*\n/, '')
    .replace(/\nExample(?: \([^\n]*\))?:\n[\s\S]*$/, '')
    .trim();
}

function describeIssues(tool: AnyToolDefinition, issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(parameters)';
    const missing = issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined;
    if (missing) return `- ${where}: is required`;
    const message = issue.message.replace(/^Invalid input: /, '');
    return `- ${where}: ${message}`;
  });
  const shape = (tool.schema.def as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const signature = tool.paramNames.map((p) => (shape[p] && isOptional(shape[p]) ? `${p} (optional)` : p)).join(', ');
  return `Invalid parameters for ${tool.name}:\n${lines.join('\n')}\n${tool.name} takes: ${signature}. See its description for the format.`;
}
