import { strict as assert } from 'node:assert';
import { renderContextDocument } from '../../../../src/core/context/contextDocument';
import { renderSummaryInput } from '../../../../src/core/history/summaryTranscript';
import type { HistoryMessage } from '../../../../src/core/history/historyMessage';
import { imagePlaceholder } from '../../../../src/core/images/imageText';
import { carryToolImages, userContentParts } from '../../../../src/core/images/wireImages';
import type { ChatMessage, ImageAttachment } from '../../../../src/core/ports/modelClient';

const image = (name: string): ImageAttachment => ({ id: name, name, mimeType: 'image/png', width: 800, height: 600, bytes: 1234, dataUrl: `data:image/png;base64,${name}` });

describe('images: wire mapping and the compaction placeholder', () => {
  it('native: the images of a run of tool results go into one user message after the run, never between results', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'compare a.png and b.png' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'Read', arguments: '{}' }, { id: 'c2', name: 'Read', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'c1', content: '[success] a.png', images: [image('a.png')] },
      { role: 'tool', toolCallId: 'c2', content: '[success] b.png', images: [image('b.png')] },
      { role: 'assistant', content: 'They differ.' },
    ];
    const wire = carryToolImages(messages);
    assert.deepEqual(wire.map((m) => [m.role, m.toolCallId ?? '', (m.images ?? []).map((i) => i.name).join(',')]), [
      ['user', '', ''], ['assistant', '', ''], ['tool', 'c1', ''], ['tool', 'c2', ''], ['user', '', 'a.png,b.png'], ['assistant', '', ''],
    ]);
    assert.match(wire[4]!.content, /a\.png, b\.png/);
  });

  it('xml: a tool result is a user message and keeps its images; a user message becomes text then image_url parts', () => {
    const result: ChatMessage = { role: 'user', content: '<tool_result tool="Read" status="success">\nshot.png\n</tool_result>', images: [image('shot.png')] };
    assert.deepEqual(carryToolImages([result]), [result]);
    assert.deepEqual(userContentParts(result), [
      { type: 'text', text: result.content },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,shot.png' } },
    ]);
  });

  it('"Show exact context" names an image instead of dumping its data', () => {
    const document = renderContextDocument([{ layer: 'input', message: { role: 'user', content: 'what is this?', images: [image('shot.png')] } }], { model: 'm', at: 'now' });
    assert.match(document, /what is this\?\n\[image: shot\.png, 800x600\]/);
    assert.equal(document.includes('base64'), false);
  });

  it('an assistant or system message never carries images on the wire', () => {
    assert.equal(carryToolImages([{ role: 'assistant', content: 'x', images: [image('a.png')] }])[0]!.images, undefined);
  });

  it('the summary request of compaction sees "[image: name, WxH]", never the data', () => {
    const messages: HistoryMessage[] = [
      { id: 'm1', createdAt: 1, kind: 'user', role: 'user', content: 'what is this?', images: [image('screenshot.png')] },
      { id: 'm2', createdAt: 2, kind: 'toolResult', role: 'tool', toolCallId: 'c1', toolName: 'Read', content: '{"path":"ui.png"}', images: [image('ui.png')] },
    ];
    const input = renderSummaryInput(messages, { fromTime: 1, toTime: 2, messageCount: 2 });
    assert.match(input, /\[user\] what is this\?\n\[image: screenshot\.png, 800x600\]/);
    assert.match(input, /\[tool Read\] \{"path":"ui\.png"\}\n\[image: ui\.png, 800x600\]/);
    assert.equal(input.includes('base64'), false);
    assert.equal(imagePlaceholder({ name: 'a.png', width: 3, height: 2 }), '[image: a.png, 3x2]');
  });
});
