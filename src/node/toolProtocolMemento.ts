import type { ToolProtocolMemory } from '../core/model/toolProtocol';

/** The part of VS Code's Memento (global state) the memory needs. */
export interface ProtocolMemento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

const key = 'codeagent.toolsRefusedBy';

/** Spec §3 `auto`: the endpoints and models that refused native tools, kept across windows and reloads. */
export class ToolProtocolMemento implements ToolProtocolMemory {
  constructor(private readonly memento: ProtocolMemento) {}

  refusesTools(baseUrl: string, model: string): boolean {
    return (this.memento.get<string[]>(key) ?? []).includes(entry(baseUrl, model));
  }

  rememberRefusal(baseUrl: string, model: string): void {
    const known = this.memento.get<string[]>(key) ?? [];
    if (!known.includes(entry(baseUrl, model))) void this.memento.update(key, [...known, entry(baseUrl, model)]);
  }
}

function entry(baseUrl: string, model: string): string {
  return `${baseUrl.replace(/\/+$/, '')} ${model}`;
}
