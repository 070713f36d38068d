import type { Conversation } from '../../../../src/core/conversation/conversation';
import type { HistoryMessage } from '../../../../src/core/history/historyMessage';

const t0 = Date.UTC(2025, 0, 15, 9, 30);

/** A conversation as a real session leaves it: native tool calls, per-call usage, a summary, CJK text, transcript entries. */
export function realisticConversation(id = 'c-m5x1k2-0', updatedAt = t0 + 60_000): Conversation {
  const messages: HistoryMessage[] = [
    {
      id: 'm-1', createdAt: t0 - 90_000, kind: 'summary', role: 'system',
      content: '## 📌 Archived Session Summary\nThe user set up the project; tests were green.',
      summaryOf: { fromTime: t0 - 600_000, toTime: t0 - 100_000, messageCount: 42 },
    },
    { id: 'm-2', createdAt: t0, kind: 'user', role: 'user', content: '修复 src/app.ts 里的登录错误 🐛\nand add a test', turnId: 't-1' },
    {
      id: 'm-3', createdAt: t0 + 5_000, kind: 'assistant', role: 'assistant', content: 'Let me read the file first.', turnId: 't-1',
      toolCalls: [{ id: 'call_1', name: 'Read', arguments: '{"path":"src/app.ts"}' }],
      usage: { inputTokens: 12_345, outputTokens: 210, cachedInputTokens: 8_000 }, cost: 0.0421,
    },
    {
      id: 'm-4', createdAt: t0 + 6_000, kind: 'toolResult', role: 'tool', toolCallId: 'call_1', toolName: 'Read', turnId: 't-1',
      content: 'src/app.ts (120 lines)\n  1\tconst greeting = "こんにちは";\n  2\tlogin(user, "p@ss\\"word")',
    },
    {
      id: 'm-5', createdAt: t0 + 30_000, kind: 'assistant', role: 'assistant', content: 'Fixed: the password was not escaped. 完成。', turnId: 't-1',
      usage: { inputTokens: 13_002, outputTokens: 480 }, cost: 0.0468,
    },
  ];
  return {
    version: 1,
    id,
    title: '修复 src/app.ts 里的登录错误 🐛',
    createdAt: t0,
    updatedAt,
    messages,
    transcript: [
      { id: 'e-1', kind: 'user', text: '修复 src/app.ts 里的登录错误 🐛\nand add a test', turnId: 't-1' },
      { id: 'e-2', kind: 'tool-call', text: 'Read src/app.ts', turnId: 't-1', meta: { tool: 'Read', status: 'done', params: { path: 'src/app.ts' } } },
      { id: 'e-3', kind: 'assistant', text: 'Fixed: the password was not escaped. 完成。', turnId: 't-1' },
    ],
    totals: { inputTokens: 25_347, outputTokens: 690, cost: 0.0889 },
    lastUsage: { inputTokens: 13_002, outputTokens: 480 },
    todos: [
      { content: 'Escape the password', status: 'completed' },
      { content: 'Add a login test', status: 'in_progress' },
    ],
    turnInProgress: { turnId: 't-2', startedAt: t0 + 50_000, userText: 'now run the tests' },
  };
}

/** A conversation of about `approxBytes` of JSON, for timing. */
export function bulkyConversation(id: string, updatedAt: number, approxBytes: number): Conversation {
  const base = realisticConversation(id, updatedAt);
  const filler = 'const value = compute(input); // 计算 ' + 'x'.repeat(60) + '\n';
  const messages: HistoryMessage[] = [...base.messages];
  let size = JSON.stringify(base).length;
  for (let i = 0; size < approxBytes; i++) {
    const content = filler.repeat(20);
    messages.push({ id: `m-x${i}`, createdAt: updatedAt - 1000 + i, kind: 'toolResult', role: 'tool', toolCallId: `call_x${i}`, content });
    size += content.length + 120;
  }
  return { ...base, messages, transcript: [] };
}
