const validId = /^[a-zA-Z0-9_-]+$/;

/**
 * Anthropic's rule for `tool_use` ids (`String should match pattern '^[a-zA-Z0-9_-]+$'`): an id another provider
 * made (`call:1`, `functions.Read:0`, an empty one) is rewritten, the same way in the call and its result and in
 * every request, distinct within the request. An id that follows the rule keeps itself.
 */
export class ToolUseIds {
  private readonly mapped = new Map<string, string>();
  private readonly taken = new Set<string>();

  constructor(ids: Iterable<string>) {
    for (const id of ids) {
      if (validId.test(id)) {
        this.mapped.set(id, id);
        this.taken.add(id);
      }
    }
  }

  of(id: string): string {
    const known = this.mapped.get(id);
    if (known) return known;
    const base = `toolu_${id.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
    let candidate = base;
    for (let n = 2; this.taken.has(candidate); n++) candidate = `${base}_${n}`;
    this.mapped.set(id, candidate);
    this.taken.add(candidate);
    return candidate;
  }
}
