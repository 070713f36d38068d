import type { McpToolInfo } from '../ports/mcpConnections';

/** How much of a server's description goes into the prompt: servers sometimes ship whole manuals. */
const maxDescriptionChars = 2000;
const maxPropertyDescriptionChars = 300;

/**
 * The prompt doc of an MCP tool in the shape of the built-in ones (`prompts/tools/*.md`): heading, the server's
 * description, one line per top-level property and an xml example whose child tags are those properties.
 */
export function mcpToolDoc(name: string, server: string, tool: McpToolInfo, paramNames: readonly string[], required: ReadonlySet<string>): string {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const description = clip(tool.description?.trim() || 'No description.', maxDescriptionChars);
  const lines = [`## ${name}`, `${description}\n(Tool \`${tool.name}\` of the MCP server \`${server}\`${tool.readOnly ? ', read-only' : ''}.)`, ''];
  if (paramNames.length === 0) {
    lines.push('Parameters: none.');
  } else {
    lines.push('Parameters (a value that is not a string is written as JSON: 3, true, ["a", "b"], {"k": 1}):');
    for (const param of paramNames) {
      const property = properties[param] ?? {};
      const about = typeof property.description === 'string' ? `: ${clip(property.description.trim(), maxPropertyDescriptionChars)}` : '';
      lines.push(`- ${param} (${typeLabel(property)}, ${required.has(param) ? 'required' : 'optional'})${about}`);
    }
  }
  const shown = paramNames.filter((p) => required.has(p));
  lines.push('', 'Example:', `<${name}>`, ...shown.map((p) => `<${p}>${exampleValue(properties[p] ?? {})}</${p}>`), `</${name}>`);
  return lines.join('\n');
}

function typeLabel(property: Record<string, unknown>): string {
  if (Array.isArray(property.enum)) return `one of ${property.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (typeof property.type === 'string') {
    if (property.type === 'array' && typeof (property.items as Record<string, unknown> | undefined)?.type === 'string') {
      return `array of ${String((property.items as Record<string, unknown>).type)}`;
    }
    return property.type;
  }
  if (Array.isArray(property.type)) return property.type.join(' or ');
  return 'JSON';
}

function exampleValue(property: Record<string, unknown>): string {
  if (property.default !== undefined) return typeof property.default === 'string' ? property.default : JSON.stringify(property.default);
  if (Array.isArray(property.enum) && property.enum.length > 0) return typeof property.enum[0] === 'string' ? property.enum[0] : JSON.stringify(property.enum[0]);
  switch (property.type) {
    case 'number':
    case 'integer':
      return '1';
    case 'boolean':
      return 'true';
    case 'array':
      return '[]';
    case 'object':
      return '{}';
    default:
      return '…';
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
