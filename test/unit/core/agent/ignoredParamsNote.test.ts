import { strict as assert } from 'node:assert';
import { withIgnoredParamsNote } from '../../../../src/core/agent/ignoredParamsNote';
import type { ToolCallEndEvent } from '../../../../src/core/parser/parserEvents';
import type { ToolResult } from '../../../../src/core/tools/toolTypes';

describe('withIgnoredParamsNote', () => {
  const call = (ignoredParams?: string[]): ToolCallEndEvent => ({ type: 'toolCallEnd', callId: 'c', name: 'Read', params: {}, complete: true, raw: '', ignoredParams });
  const result: ToolResult = { status: 'success', data: null, text: 'body' };

  it('leaves a result alone when nothing was ignored', () => {
    assert.equal(withIgnoredParamsNote(call(), result), result);
    assert.equal(withIgnoredParamsNote(call([]), result), result);
  });

  it('names one ignored parameter, or several', () => {
    assert.equal(withIgnoredParamsNote(call(['reason']), result).text, "body\n\nNote: the parameter reason is not one of Read's and was ignored.");
    assert.equal(withIgnoredParamsNote(call(['reason', 'task_id']), result).text, "body\n\nNote: the parameters reason, task_id are not Read's and were ignored.");
  });
});
