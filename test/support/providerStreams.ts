import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { readModelStep, type ModelStep } from '../../src/core/agent/modelStepReader';
import type { AgentEvent } from '../../src/core/events';
import type { ModelRequest, TokenUsage } from '../../src/core/ports/modelClient';
import { OpenAiModelClient } from '../../src/node/openaiModelClient';
import type { ScriptedModelServer } from '../fixtures/scriptedModelServer';
import { recordingClock } from './recordingClock';

const folder = path.join(__dirname, '..', 'fixtures', 'providerStreams');

/** A recorded provider stream (test/fixtures/providerStreams), exactly as stored. */
export function providerStream(name: string): string {
  return readFileSync(path.join(folder, name), 'utf8');
}

export interface ReplayedStep {
  step: ModelStep;
  thinking: string;
  text: string;
  /** The text events flagged as a refusal, joined. */
  refusal: string;
  /** Every usage report the step passed on (one per response, or the turn's cost counts it twice). */
  usages: TokenUsage[];
  events: AgentEvent[];
}

/**
 * Serves the recording byte for byte from the scripted server and reads it as the agent does: the openai SDK
 * inside OpenAiModelClient, then readModelStep in the given wire format.
 */
export async function replayStep(server: ScriptedModelServer, name: string, protocol: 'xml' | 'native', model = 'recorded'): Promise<ReplayedStep> {
  server.enqueue({ rawSse: providerStream(name), delayMs: 1 });
  const events: AgentEvent[] = [];
  const usages: TokenUsage[] = [];
  const step = await readStep(server, { model, messages: [{ role: 'user', content: 'hi' }] }, protocol, (event) => events.push(event), (usage) => usages.push(usage));
  const deltas = (type: 'thinking' | 'text', refusal?: boolean) => events
    .filter((e): e is Extract<AgentEvent, { type: 'thinking' | 'text' }> => e.type === type && (refusal === undefined || ('refusal' in e && e.refusal === true) === refusal))
    .map((e) => e.delta)
    .join('');
  return { step, thinking: deltas('thinking'), text: deltas('text', false), refusal: deltas('text', true), usages, events };
}

/** One model step through OpenAiModelClient against the scripted server, read as the agent reads it. */
export function readStep(server: ScriptedModelServer, request: ModelRequest, protocol: 'xml' | 'native',
  emit: (event: AgentEvent) => void = () => undefined, onUsage: (usage: TokenUsage) => void = () => undefined): Promise<ModelStep> {
  const client = new OpenAiModelClient({ baseUrl: server.baseUrl, apiKey: 'k' });
  return readModelStep(client, request, {
    protocol,
    toolGrammar: { Read: ['path'] },
    turnId: 't1',
    stepId: 's1',
    emit,
    onUsage,
    maxRetries: 0,
    // A recording that ends with finish_reason "length" is read as it is, not continued.
    continueMaxRounds: 0,
    clock: recordingClock(),
    signal: new AbortController().signal,
  });
}
