import { strict as assert } from 'node:assert';
import { nextToolCallStatus, toolCallStatuses, toolCallStatusOf, type ToolCallEvent, type ToolCallStatus } from '../../../src/protocol/toolCallStatus';

const partial: ToolCallEvent = { type: 'params', partial: true };
const complete: ToolCallEvent = { type: 'params', partial: false };
const request: ToolCallEvent = { type: 'approvalRequested' };
const accept: ToolCallEvent = { type: 'approvalDecided', decision: 'accepted' };
const reject: ToolCallEvent = { type: 'approvalDecided', decision: 'rejected' };
const result = (status: 'success' | 'error' | 'rejected' | 'cancelled'): ToolCallEvent => ({ type: 'result', status });
const interrupted: ToolCallEvent = { type: 'interrupted' };

const run = (...events: ToolCallEvent[]): ToolCallStatus | undefined => events.reduce<ToolCallStatus | undefined>((status, event) => nextToolCallStatus(status, event), undefined);

describe('tool-call card status', () => {
  it('a call streams, completes, runs and ends done', () => {
    assert.equal(run(partial), 'streaming');
    assert.equal(run(partial, partial), 'streaming');
    assert.equal(run(partial, complete), 'running');
    assert.equal(run(partial, complete, result('success')), 'done');
  });

  it('a call that arrives whole (native tool calls) starts running', () => {
    assert.equal(run(complete), 'running');
  });

  it('waits for approval, then runs when accepted or ends rejected', () => {
    assert.equal(run(complete, request), 'awaiting');
    assert.equal(run(complete, request, accept), 'running');
    assert.equal(run(complete, request, accept, result('success')), 'done');
    assert.equal(run(complete, request, reject), 'rejected');
    assert.equal(run(complete, request, result('rejected')), 'rejected');
  });

  it('each result status maps to its card status, from any unfinished state', () => {
    const expected = { success: 'done', error: 'error', rejected: 'rejected', cancelled: 'cancelled' } as const;
    for (const [status, card] of Object.entries(expected) as Array<[keyof typeof expected, ToolCallStatus]>) {
      assert.equal(run(partial, result(status)), card, `streaming + ${status}`);
      assert.equal(run(complete, result(status)), card, `running + ${status}`);
      assert.equal(run(complete, request, result(status)), card, `awaiting + ${status}`);
    }
  });

  it('an interruption cancels an unfinished call', () => {
    assert.equal(run(partial, interrupted), 'cancelled');
    assert.equal(run(complete, interrupted), 'cancelled');
    assert.equal(run(complete, request, interrupted), 'cancelled');
  });

  it('ignores events that make no sense in the current state', () => {
    assert.equal(run(partial, request), 'streaming', 'no approval before the parameters are complete');
    assert.equal(run(partial, accept), 'streaming', 'no decision without a request');
    assert.equal(run(complete, accept), 'running', 'a decision without a request changes nothing');
    assert.equal(run(complete, reject), 'running', 'a rejection without a request changes nothing');
    assert.equal(run(complete, partial), 'running', 'parameters never stream again once complete');
    assert.equal(run(complete, request, partial), 'awaiting');
    assert.equal(run(complete, request, request), 'awaiting');
  });

  it('a finished call stays finished whatever comes after', () => {
    const everything = [partial, complete, request, accept, reject, result('success'), result('error'), result('rejected'), result('cancelled'), interrupted];
    const finished: Array<[ToolCallStatus, ToolCallEvent[]]> = [
      ['done', [complete, result('success')]],
      ['error', [complete, result('error')]],
      ['rejected', [complete, request, reject]],
      ['cancelled', [complete, interrupted]],
    ];
    for (const [status, path] of finished) {
      for (const event of everything) assert.equal(run(...path, event), status, `${status} + ${JSON.stringify(event)}`);
    }
  });

  it('reads statuses stored by earlier versions, and rejects unknown ones', () => {
    assert.equal(toolCallStatusOf('pending'), 'running');
    assert.equal(toolCallStatusOf('success'), 'done');
    for (const status of toolCallStatuses) assert.equal(toolCallStatusOf(status), status);
    assert.equal(toolCallStatusOf('exploded'), undefined);
    assert.equal(toolCallStatusOf(undefined), undefined);
  });
});
