/** Why an MCP call did not produce a result; the node client throws these and the tool turns them into error results. */
export class McpCallFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'cancelled' | 'unavailable' | 'protocol',
    message: string,
  ) {
    super(message);
    this.name = 'McpCallFailure';
  }
}
