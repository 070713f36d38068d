/** What a stream parser reports, whichever wire format the model uses (spec §3): both formats produce these. */
export type ParserEvent =
  | { type: 'text'; delta: string }
  | { type: 'thinking'; delta: string }
  | { type: 'toolCallStart'; callId: string; name: string }
  /** A piece of a parameter value while it streams, for the live tool card. */
  | { type: 'toolParamDelta'; callId: string; name: string; param: string; delta: string }
  /**
   * complete=false when the stream ended inside the call or its arguments could not be parsed; raw is what the model
   * wrote; ignoredParams names parameters the tool does not take, written as tags in an xml call and left out of
   * params; extra: a native call's provider fields beside its arguments (NativeToolCall.extra).
   */
  | { type: 'toolCallEnd'; callId: string; name: string; params: Record<string, string>; complete: boolean; raw: string; ignoredParams?: string[]; extra?: Record<string, unknown> };

export type ToolCallEndEvent = Extract<ParserEvent, { type: 'toolCallEnd' }>;
