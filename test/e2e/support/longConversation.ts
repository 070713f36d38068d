// A long conversation written straight into the extension's conversation store (spec §24 figures): far faster
// than playing it turn by turn, and the same files the extension writes itself.
import type { Conversation } from '../../../src/core/conversation/conversation';
import type { HistoryMessage } from '../../../src/core/history/historyMessage';
import { FileConversationStore } from '../../../src/node/fileConversationStore';
import { CurrentConversationFile } from '../../../src/node/currentConversationFile';
import { markdownAnswer } from '../../fixtures/markdownAnswer';

/** A word only the first turn holds: Find and scrolling to the top look for it. */
export const FIRST_TURN_WORD = 'zebracornfirst';

export const lastAnswerEnd = (turns: number) => `END-OF-TURN-${turns}`;

/** `turns` exchanges in the transcript, each answer about `answerBytes` of Markdown with code; a Read card in every fifth turn. */
export function longConversation(id: string, turns: number, answerBytes: number): Conversation {
  const messages: HistoryMessage[] = [];
  const transcript: unknown[] = [];
  const at = Date.now() - turns * 60_000;
  for (let turn = 1; turn <= turns; turn++) {
    const turnId = `t${turn}`;
    const question = turn === 1 ? `First question, about the ${FIRST_TURN_WORD} module.` : `Question ${turn}: what does step ${turn} change?`;
    const answer = `${markdownAnswer(answerBytes).replace('END-OF-ANSWER', '')}\n\n${lastAnswerEnd(turn)}\n`;
    const time = at + turn * 60_000;
    messages.push({ id: `m${turn}u`, createdAt: time, kind: 'user', role: 'user', content: question, turnId });
    // The model's history of a conversation this long was compacted long ago: a short reply stands for each answer.
    messages.push({ id: `m${turn}a`, createdAt: time + 1, kind: 'assistant', role: 'assistant', content: `Answered question ${turn}.`, turnId });
    transcript.push({ id: `u${turn}`, kind: 'user', text: question, turnId });
    if (turn % 5 === 0) {
      transcript.push({ id: `call-r${turn}`, kind: 'tool-call', text: '', turnId, meta: { name: 'Read', callId: `r${turn}`, params: { path: `src/module${turn}.ts` }, status: 'done', result: `Read 40 lines of src/module${turn}.ts` } });
    }
    transcript.push({ id: `a${turn}`, kind: 'assistant', text: answer, turnId });
  }
  return {
    version: 1, id, title: `Long conversation (${turns} turns)`, createdAt: at, updatedAt: at + (turns + 1) * 60_000,
    messages, transcript, totals: { inputTokens: 0, outputTokens: 0, cost: 0 }, todos: [],
  };
}

/** Saves the conversation there and makes it the one the window reopens after a reload. */
export async function storeAsCurrent(dir: string, conversation: Conversation): Promise<void> {
  await new FileConversationStore(dir).save(conversation);
  new CurrentConversationFile(dir).set(conversation.id);
}

/** `count` small saved conversations (a question and an answer each), as a long-used workspace holds. */
export async function storeMany(dir: string, count: number): Promise<void> {
  const store = new FileConversationStore(dir);
  for (let i = 0; i < count; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => {
      const conversation = longConversation(`saved-${i + j}`, 1, 600);
      conversation.title = `Saved conversation ${i + j}`;
      return store.save(conversation);
    }));
  }
}
