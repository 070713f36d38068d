import { strict as assert } from 'node:assert';
import { shouldCompact, usageTokens } from '../../../../src/core/history/compactionTrigger';
import { estimateTokens } from '../../../../src/core/history/tokenEstimate';

describe('estimateTokens', () => {
  it('counts a third of a token per ASCII character, rounded up', () => {
    assert.equal(estimateTokens(''), 0);
    assert.equal(estimateTokens('abc'), 1);
    assert.equal(estimateTokens('abcd'), 2);
    assert.equal(estimateTokens('x'.repeat(300)), 100);
  });

  it('counts one token per CJK or other non-ASCII character', () => {
    assert.equal(estimateTokens('你好世界'), 4);
    assert.equal(estimateTokens('修复 src/a.ts 的错误'), 5 + Math.ceil(10 / 3)); // 修复的错误 + "  src/a.ts " (10 ASCII incl. spaces)
    assert.equal(estimateTokens('héllo'), 1 + Math.ceil(4 / 3));
  });

  it('counts a character outside the BMP (emoji, rare CJK) once, not per UTF-16 half', () => {
    assert.equal(estimateTokens('📌'), 1);
    assert.equal(estimateTokens('𠀀𠀁'), 2);
  });
});

describe('shouldCompact', () => {
  const base = { contextWindow: 200_000, threshold: 0.8, messageCount: 40 };

  it('fires when last usage + the input estimate reaches exactly threshold × window', () => {
    const decision = shouldCompact({ ...base, lastUsageTokens: 159_990, input: 'x'.repeat(30) });
    assert.deepEqual(decision, { compact: true, inputTokens: 10, estimatedTokens: 160_000, limitTokens: 160_000 });
  });

  it('does not fire one token below the limit', () => {
    const decision = shouldCompact({ ...base, lastUsageTokens: 159_989, input: 'x'.repeat(30) });
    assert.equal(decision.compact, false);
    assert.equal(decision.estimatedTokens, 159_999);
  });

  it('estimates CJK input at one token per character', () => {
    assert.equal(shouldCompact({ ...base, lastUsageTokens: 159_996, input: '修复登录' }).compact, true);
    assert.equal(shouldCompact({ ...base, lastUsageTokens: 159_996, input: '修复登' }).compact, false);
    // Counted as len/3 the same input would have been 2 tokens and missed the limit.
    assert.equal(shouldCompact({ ...base, lastUsageTokens: 159_997, input: '修复登录' }).inputTokens, 4);
  });

  it('needs at least 3 messages in history', () => {
    assert.equal(shouldCompact({ ...base, messageCount: 2, lastUsageTokens: 199_000, input: 'hi' }).compact, false);
    assert.equal(shouldCompact({ ...base, messageCount: 3, lastUsageTokens: 199_000, input: 'hi' }).compact, true);
  });

  it('uses the configured threshold and window, immune to float noise in their product', () => {
    assert.notEqual(0.55 * 200_000, 110_000, 'precondition: the float product is a hair above 110 000');
    const d = shouldCompact({ contextWindow: 200_000, threshold: 0.55, messageCount: 3, lastUsageTokens: 110_000, input: '' });
    assert.equal(d.limitTokens, 110_000);
    assert.equal(d.compact, true);
    assert.equal(shouldCompact({ contextWindow: 128_000, threshold: 0.9, messageCount: 3, lastUsageTokens: 115_199, input: '' }).compact, false);
    assert.equal(shouldCompact({ contextWindow: 128_000, threshold: 0.9, messageCount: 3, lastUsageTokens: 115_200, input: '' }).compact, true);
  });

  it('reads the last call’s usage as input + output tokens', () => {
    assert.equal(usageTokens({ inputTokens: 150_000, outputTokens: 2_000, cachedInputTokens: 100_000 }), 152_000);
    assert.equal(usageTokens(undefined), 0);
  });
});
