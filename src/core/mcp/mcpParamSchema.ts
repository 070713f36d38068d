import { z } from 'zod';
import { isRecord } from '../isRecord';

export interface McpParamSchema {
  /** Validates (and, for xml, coerces) the arguments before the call; the server never sees what fails it. */
  schema: z.ZodType<Record<string, unknown>>;
  /** Top-level properties in schema order: the child tags of the xml call. */
  paramNames: string[];
  /** Required top-level properties. */
  required: ReadonlySet<string>;
}

type JsonSchema = Record<string, unknown>;

/**
 * The zod form of a tool's JSON schema (zod's own JSON-schema support does the validation). XML delivers every
 * value as text, so a property the schema does not declare a plain string gets its text parsed as JSON first
 * (spec §12): `<b>3</b>` is the number 3, `<tags>["a"]</tags>` an array; text that is not JSON stays text and
 * the schema reports it.
 */
export function mcpParamSchema(inputSchema: JsonSchema): McpParamSchema {
  const properties = isRecord(inputSchema.properties) ? (inputSchema.properties as Record<string, unknown>) : {};
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required.filter((r): r is string => typeof r === 'string') : []);
  const shape: Record<string, z.ZodType> = {};
  for (const [name, property] of Object.entries(properties)) {
    const propertySchema = isRecord(property) ? (property as JsonSchema) : {};
    const value = stringTyped(propertySchema) ? propertyZod(propertySchema, inputSchema) : z.preprocess(parseJsonText, propertyZod(propertySchema, inputSchema));
    shape[name] = required.has(name) ? value : value.optional();
  }
  // Properties the schema does not name go to the server as they are: it decides whether it takes them.
  const schema = z.looseObject(shape) as unknown as z.ZodType<Record<string, unknown>>;
  return { schema, paramNames: Object.keys(properties), required };
}

/** The property's zod schema; `$ref`s into the tool's `$defs`/`definitions` resolve against the whole schema. */
function propertyZod(property: JsonSchema, root: JsonSchema): z.ZodType {
  try {
    const definitions = { ...(isRecord(root.definitions) ? { definitions: root.definitions } : {}), ...(isRecord(root.$defs) ? { $defs: root.$defs } : {}) };
    // Without `default`: the server applies its own defaults, and the call carries only what the model wrote.
    const { default: _default, ...checked } = property;
    return z.fromJSONSchema({ ...definitions, ...checked } as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    // A schema zod cannot read is left to the server to check.
    return z.unknown();
  }
}

function stringTyped(property: JsonSchema): boolean {
  if (property.type === 'string') return true;
  if (Array.isArray(property.enum) && property.enum.length > 0 && property.enum.every((v) => typeof v === 'string')) return true;
  return typeof property.const === 'string';
}

function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}
