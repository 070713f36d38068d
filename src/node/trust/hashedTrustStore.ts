import { createHash } from 'node:crypto';
import type { TrustStore, TrustSubject } from '../../core/ports/trustStore';

/** The part of VS Code's Memento (workspace state) the store needs. */
export interface KeyValueState {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/**
 * Trust decisions as SHA-256 hashes of kind, name and definition: an MCP server's env or headers (tokens) are
 * never written down, and a changed definition is simply a hash not seen before.
 */
export class HashedTrustStore implements TrustStore {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly state: KeyValueState) {}

  isAllowed(subject: TrustSubject): boolean {
    return this.state.get<boolean>(keyOf(subject)) === true;
  }

  async allow(subject: TrustSubject): Promise<void> {
    await this.state.update(keyOf(subject), true);
    for (const listener of this.listeners) listener();
  }

  onAllowed(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function keyOf(subject: TrustSubject): string {
  const hash = createHash('sha256').update(`${subject.kind}\0${subject.name}\0${subject.definition}`).digest('hex');
  return `codeagent.trust.${subject.kind}.${hash}`;
}
