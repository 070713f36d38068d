/**
 * Tool-call ids that are unique within a conversation whatever the provider sends: some send none,
 * some restart at `call_0` every response. The panel keys a card by its id, so a repeat would overwrite
 * an earlier card. A provider's own id is kept when it is new (it goes back to the provider verbatim).
 */
export class CallIdAllocator {
  private readonly used = new Set<string>();
  private counter = 0;

  constructor(alreadyUsed: Iterable<string> = [], private readonly salt = Math.random().toString(36).slice(2, 6)) {
    for (const id of alreadyUsed) this.used.add(id);
  }

  allocate(providerId: string | undefined): string {
    if (providerId && !this.used.has(providerId)) {
      this.used.add(providerId);
      return providerId;
    }
    let id: string;
    // Short and alphanumeric: some providers reject ids longer than 40 characters or with punctuation.
    do id = `call${this.salt}${(this.counter++).toString(36)}`;
    while (this.used.has(id));
    this.used.add(id);
    return id;
  }
}
