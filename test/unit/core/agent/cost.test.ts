import { strict as assert } from 'node:assert';
import { addUsage, costOf } from '../../../../src/core/agent/cost';
import { conversationSchema, type ConversationTotals } from '../../../../src/core/conversation/conversation';
import { Settings } from '../../../../src/core/settings';

const prices = (model: Record<string, unknown>) => Settings.parse({ model: { inputPricePerMTok: 2, outputPricePerMTok: 8, ...model } });

describe('cost: cached input at its own price', () => {
  it('bills cached input at the cached price and the rest at the input price', () => {
    const settings = prices({ cachedInputPricePerMTok: 0.5 });
    // 1M input of which 800k cached: 200k × 2 + 800k × 0.5 + 100k × 8 = 0.4 + 0.4 + 0.8
    assert.equal(costOf({ inputTokens: 1_000_000, outputTokens: 100_000, cachedInputTokens: 800_000 }, settings), 1.6);
  });

  it('without a cached price, cached input costs the input price (the bill of a provider without a discount)', () => {
    const settings = prices({});
    assert.equal(settings.model.cachedInputPricePerMTok, null);
    assert.equal(costOf({ inputTokens: 1_000_000, outputTokens: 0, cachedInputTokens: 900_000 }, settings), 2);
  });

  it('a call that reports no cached tokens is billed as all uncached input', () => {
    assert.equal(costOf({ inputTokens: 500_000, outputTokens: 500_000 }, prices({ cachedInputPricePerMTok: 0.1 })), 1 + 4);
  });

  it('a cached count above the prompt (a provider bug) never makes input cheaper than all-cached', () => {
    const settings = prices({ cachedInputPricePerMTok: 0.5 });
    assert.equal(costOf({ inputTokens: 1_000_000, outputTokens: 0, cachedInputTokens: 5_000_000 }, settings), 0.5);
    assert.equal(costOf({ inputTokens: 1_000_000, outputTokens: 0, cachedInputTokens: -10 }, settings), 2);
  });

  it('a free cached price is allowed; a negative one falls back like any invalid setting', () => {
    assert.equal(costOf({ inputTokens: 1_000_000, outputTokens: 0, cachedInputTokens: 1_000_000 }, prices({ cachedInputPricePerMTok: 0 })), 0);
    assert.equal(Settings.safeParse({ model: { cachedInputPricePerMTok: -1 } }).success, false);
  });

  it('totals count cached input once some call reported it, and tell "none reported" from 0', () => {
    let totals: ConversationTotals = { inputTokens: 0, outputTokens: 0, cost: 0 };
    totals = addUsage(totals, { inputTokens: 100, outputTokens: 10 }, 0.1);
    assert.equal('cachedInputTokens' in totals, false);
    totals = addUsage(totals, { inputTokens: 1000, outputTokens: 20, cachedInputTokens: 0 }, 0.2);
    assert.equal(totals.cachedInputTokens, 0);
    totals = addUsage(totals, { inputTokens: 1100, outputTokens: 30, cachedInputTokens: 1000 }, 0.3);
    totals = addUsage(totals, { inputTokens: 5, outputTokens: 5 }, 0);
    assert.deepEqual(totals, { inputTokens: 2205, outputTokens: 65, cost: 0.1 + 0.2 + 0.3, cachedInputTokens: 1000 });
  });

  it('conversations stored before cached tokens existed still load, and the new field round-trips', () => {
    const stored = { version: 1, id: 'c1', title: 't', createdAt: 1, updatedAt: 2, messages: [], transcript: [], todos: [], totals: { inputTokens: 10, outputTokens: 2, cost: 0.01 }, lastUsage: { inputTokens: 10, outputTokens: 2 } };
    assert.deepEqual(conversationSchema.parse(stored).totals, { inputTokens: 10, outputTokens: 2, cost: 0.01 });
    const withCache = conversationSchema.parse({ ...stored, totals: { ...stored.totals, cachedInputTokens: 8 } });
    assert.equal(withCache.totals.cachedInputTokens, 8);
    assert.equal(conversationSchema.safeParse({ ...stored, totals: { ...stored.totals, cachedInputTokens: 'many' } }).success, false);
  });
});
