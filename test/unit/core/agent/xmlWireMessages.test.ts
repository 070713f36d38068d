import { strict as assert } from 'node:assert';
import { asXmlMessages } from '../../../../src/core/agent/xmlWireMessages';
import type { ChatMessage } from '../../../../src/core/ports/modelClient';

/** Spec §3 `auto`: a request in xml carries earlier native calls and results as the xml protocol writes them. */
describe('native history in an xml request', () => {
  it('writes each call as its XML and each result as a <tool_result> user message, as the xml protocol does', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'look' },
      { role: 'assistant', content: 'Reading.', toolCalls: [{ id: 'c1', name: 'Read', arguments: '{"path":"src/a.ts","limit":10}' }, { id: 'c2', name: 'LS', arguments: '{not json' }] },
      { role: 'tool', toolCallId: 'c1', content: '[success] 1\texport const a = 1;' },
      { role: 'tool', toolCallId: 'c2', content: '[error] Error (invalid_params): bad' },
    ];
    assert.deepEqual(asXmlMessages(messages), [
      { role: 'user', content: 'look' },
      { role: 'assistant', content: 'Reading.\n<Read>\n<path>src/a.ts</path>\n<limit>10</limit>\n</Read>\n<LS>{not json</LS>' },
      { role: 'user', content: '<tool_result tool="Read" status="success">\n1\texport const a = 1;\n</tool_result>' },
      { role: 'user', content: '<tool_result tool="LS" status="error">\nError (invalid_params): bad\n</tool_result>' },
    ]);
  });

  it('leaves a conversation without native calls as it is', () => {
    const messages: ChatMessage[] = [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }];
    assert.deepEqual(asXmlMessages(messages), messages);
  });
});
