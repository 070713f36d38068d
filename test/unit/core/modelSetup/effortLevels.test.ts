import { strict as assert } from 'node:assert';
import { allEffortLevels, effortLevelsFor } from '../../../../src/core/modelSetup/effortLevels';

describe('effortLevelsFor: the reasoning-effort levels a model accepts (issue 30)', () => {
  const levels = (model: string) => effortLevelsFor(model).join(' ');

  it('OpenAI: o-series and gpt-5 low to high; none from gpt-5.1; max (xhigh) from gpt-5.2 and codex-max', () => {
    assert.equal(levels('o3'), 'low medium high');
    assert.equal(levels('o4-mini'), 'low medium high');
    assert.equal(levels('gpt-5'), 'low medium high');
    assert.equal(levels('gpt-5-mini'), 'low medium high');
    assert.equal(levels('gpt-5.1'), 'none low medium high');
    assert.equal(levels('gpt-5.1-codex-max'), 'none low medium high max');
    assert.equal(levels('gpt-5.2'), 'none low medium high max');
    assert.equal(levels('openai/gpt-5.2'), 'none low medium high max', 'OpenRouter\'s vendor prefix is ignored');
    assert.equal(levels('gpt-5-pro'), 'high');
    assert.equal(levels('gpt-oss-120b'), 'low medium high');
  });

  it('DeepSeek: v4 and deepseek-reasoner take none, high and max; deepseek-chat (v4-flash without thinking) does not reason', () => {
    assert.equal(levels('deepseek-v4-flash'), 'none high max');
    assert.equal(levels('deepseek-v4-pro'), 'none high max');
    assert.equal(levels('deepseek/deepseek-v4-flash:free'), 'none high max');
    assert.equal(levels('deepseek-reasoner'), 'none high max');
    assert.equal(levels('deepseek-chat'), '');
  });

  it('Claude, Gemini thinking models, Grok mini, Qwen3, GLM and Kimi thinking: none to high', () => {
    for (const model of ['claude-sonnet-4-5', 'anthropic/claude-opus-4.1', 'claude-3-7-sonnet-latest', 'gemini-2.5-pro', 'google/gemini-3-pro-preview',
      'gemini-2.0-flash-thinking-exp', 'grok-3-mini', 'x-ai/grok-3-mini', 'qwen3:14b', 'qwen/qwen3-235b-a22b-thinking-2507', 'z-ai/glm-4.6',
      'moonshotai/kimi-k2-thinking', 'kimi-k2.5']) {
      assert.equal(levels(model), 'none low medium high', model);
    }
  });

  it('models known not to reason get no levels', () => {
    for (const model of ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'openai/gpt-4.1-mini', 'chatgpt-4o-latest', 'gpt-3.5-turbo', 'gpt-5-chat-latest',
      'claude-3-5-sonnet-20241022', 'anthropic/claude-3.5-haiku', 'claude-3-haiku-20240307', 'gemini-2.0-flash', 'gemini-1.5-pro', 'grok-3', 'grok-2-1212',
      'qwen2.5-coder:14b', 'qwen/qwen3-coder', 'qwen3-235b-a22b-instruct-2507', 'moonshotai/kimi-k2-0905', 'llama3.1:8b', 'codestral-latest', 'gemma3:12b']) {
      assert.deepEqual(effortLevelsFor(model), [], model);
    }
  });

  it('an unknown or empty model keeps every level: a wrong guess would hide a control that works', () => {
    assert.deepEqual(effortLevelsFor('my-finetune'), allEffortLevels);
    assert.deepEqual(effortLevelsFor(''), allEffortLevels);
    assert.deepEqual(effortLevelsFor('  '), allEffortLevels);
  });
});
