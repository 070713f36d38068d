import type { ToolRegistry } from '../tools/toolRegistry';
import type { TurnTools } from './agentTurn';

export function turnToolsFrom(registry: ToolRegistry): TurnTools {
  const grammar = Object.fromEntries(registry.list().map((tool) => [tool.name, tool.paramNames]));
  return {
    grammar: () => grammar,
    isReadOnly: (name) => registry.get(name)?.kind === 'read',
    specs: () => registry.toolSpecs(),
    invoke: (name, params, ctx) => registry.invoke(name, params, ctx),
    compress: (name, params, result) => registry.compress(name, params, result),
  };
}
