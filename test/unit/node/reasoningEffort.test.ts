import { strict as assert } from 'node:assert';
import type { ReasoningEffort } from '../../../src/core/ports/modelClient';
import { chatEffortParams, responsesReasoning } from '../../../src/node/openai/reasoningEffort';

/** Spec §3 `model.reasoningEffort`, as each provider spells it. */
describe('reasoning effort on the wire', () => {
  const efforts: ReasoningEffort[] = ['none', 'low', 'medium', 'high', 'max'];
  const each = (baseUrl: string, model: string) => Object.fromEntries(efforts.map((e) => [e, chatEffortParams(baseUrl, model, e)]));

  it('default (or none set) sends nothing, on every endpoint and in the Responses API', () => {
    for (const url of ['https://api.openai.com/v1', 'https://openrouter.ai/api/v1', 'https://api.deepseek.com', 'http://localhost:11434/v1']) {
      assert.deepEqual(chatEffortParams(url, 'm', 'default'), {});
      assert.deepEqual(chatEffortParams(url, 'm', undefined), {});
    }
    assert.equal(responsesReasoning('default'), undefined);
    assert.equal(responsesReasoning(undefined), undefined);
  });

  it('OpenAI: reasoning_effort, max as xhigh', () => {
    assert.deepEqual(each('https://api.openai.com/v1', 'gpt-5'), {
      none: { reasoning_effort: 'none' }, low: { reasoning_effort: 'low' }, medium: { reasoning_effort: 'medium' }, high: { reasoning_effort: 'high' }, max: { reasoning_effort: 'xhigh' },
    });
    assert.deepEqual(chatEffortParams('https://my-team.openai.azure.com/openai/v1', 'gpt-5', 'max'), { reasoning_effort: 'xhigh' });
  });

  it('OpenRouter: reasoning.effort, max as xhigh', () => {
    assert.deepEqual(each('https://openrouter.ai/api/v1', 'anthropic/claude-sonnet-4.5'), {
      none: { reasoning: { effort: 'none' } }, low: { reasoning: { effort: 'low' } }, medium: { reasoning: { effort: 'medium' } }, high: { reasoning: { effort: 'high' } }, max: { reasoning: { effort: 'xhigh' } },
    });
  });

  it("DeepSeek (its host, or a deepseek model elsewhere): the thinking switch, and its own efforts (low, high, max)", () => {
    const expected = {
      none: { thinking: { type: 'disabled' } },
      low: { thinking: { type: 'enabled' }, reasoning_effort: 'low' },
      medium: { thinking: { type: 'enabled' }, reasoning_effort: 'high' },
      high: { thinking: { type: 'enabled' }, reasoning_effort: 'high' },
      max: { thinking: { type: 'enabled' }, reasoning_effort: 'max' },
    };
    assert.deepEqual(each('https://api.deepseek.com', 'deepseek-v4-pro'), expected);
    assert.deepEqual(each('http://localhost:8000/v1', 'DeepSeek-V4-Flash'), expected);
  });

  it('anyone else: reasoning_effort, max as high (xhigh is OpenAI\'s)', () => {
    assert.deepEqual(chatEffortParams('https://api.groq.com/openai/v1', 'openai/gpt-oss-120b', 'max'), { reasoning_effort: 'high' });
    assert.deepEqual(chatEffortParams('http://localhost:11434/v1', 'qwen3', 'low'), { reasoning_effort: 'low' });
  });

  it('the Responses API: reasoning with a summary, max as xhigh', () => {
    assert.deepEqual(responsesReasoning('none'), { effort: 'none', summary: 'auto' });
    assert.deepEqual(responsesReasoning('medium'), { effort: 'medium', summary: 'auto' });
    assert.deepEqual(responsesReasoning('max'), { effort: 'xhigh', summary: 'auto' });
  });
});
