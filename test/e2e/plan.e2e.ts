// Plan mode and sub-agents (spec §7, §10): `/plan <request>` makes the main agent a planner that
// dispatches each plan task to a child with Task. The plan checklist follows the tasks live, each Task
// card holds its child's entries, a failed child fails its task and skips the dependents, and a window
// reload in the middle of a child leaves its task failed, never running.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import type { ScriptedReply } from '../fixtures/scriptedModelServer';
import { isTurnRunning, sendChatMessage, transcriptEntries, waitForIdle } from './support/chatPanel';
import { eventually } from './support/eventually';
import { chatPosts, describeMessages, lastMessage } from './support/modelRequests';
import { entryIds, formatPlan, planTasks, recordPlanStates, recordedPlanStates, requestOwner, saveFrameHtml, systemPrompt, taskCards } from './support/subAgents';
import { storedConversationsWith } from './support/storedConversations';
import { reloadWindow } from './support/windowReload';
import { useCodeServerSuite } from './support/codeServerSuite';
import { afterTwoFrames } from './support/paint';
import { widenSideBar } from './support/sideBar';
import { expectNoAxeViolations } from './support/axe';

const USAGE = { prompt_tokens: 300, completion_tokens: 30 };
const REQUEST = 'Write a snake game';
const TASKS = [
  { id: '1', description: 'Write the board', goal: 'Create board.py with the board', file: 'board.py', content: 'BOARD = [[0] * 10 for _ in range(10)]\n' },
  { id: '2', description: 'Write the game loop', goal: 'Create game.py with the game loop', file: 'game.py', content: 'from board import BOARD\n\ndef tick():\n    return BOARD\n' },
  { id: '3', description: 'Write the docs', goal: 'Create SNAKE.md describing the game', file: 'SNAKE.md', content: '# Snake\n\nRun `python game.py`.\n' },
];

const PLAN_CALL = `I'll split this into three tasks.\n<PlanTask>\n<tasks>\n${TASKS.map(
  (t, i) => `<task><id>${t.id}</id><description>${t.description}</description><dependencies>${i === 0 ? '' : TASKS[i - 1]!.id}</dependencies></task>`,
).join('\n')}\n</tasks>\n</PlanTask>`;
const dispatch = (t: (typeof TASKS)[number]) => `Dispatching task ${t.id}.\n<Task>\n<goal>${t.goal}</goal>\n<hints>keep it small</hints>\n<task_id>${t.id}</task_id>\n</Task>`;
const write = (t: (typeof TASKS)[number]) => `<Write>\n<path>${t.file}</path>\n<content>${t.content}</content>\n</Write>`;
const done = (result: string) => `<AttemptCompletion>\n<result>${result}</result>\n</AttemptCompletion>`;
const reply = (text: string, extra: Partial<ScriptedReply> = {}): ScriptedReply => ({ text, usage: USAGE, ...extra });


describe('plan mode with sub-agents', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  async function open(name: string): Promise<{ workspace: string; session: Awaited<ReturnType<typeof suite.openSession>>; chat: Frame }> {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name, settings: { 'codeagent.approval.autoApproveEdits': true, 'codeagent.approval.autoApproveReadOnly': true } });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await recordPlanStates(chat);
    return { workspace, session, chat };
  }

  it('/plan runs the tasks in order, each as a child that writes its file, and the checklist follows', async function () {
    suite.model.enqueue(
      reply(PLAN_CALL),
      ...TASKS.flatMap((t) => [reply(dispatch(t)), reply(write(t)), reply(done(`${t.file} written`))]),
      reply(done('The snake game is written: board.py, game.py and SNAKE.md.')),
    );
    const { workspace, session, chat } = await open('plan-ok');

    await sendChatMessage(chat, `/plan ${REQUEST}`);
    await transcriptEntries(chat, 'completion').filter({ hasText: 'snake game is written' }).first().waitFor({ timeout: 60_000 });
    await waitForIdle(chat, 30_000);

    // The checklist: all three tasks completed, and task 1 completed before task 2 started (and 2 before 3).
    await eventually(async () => assert.equal(formatPlan(await planTasks(chat)), '1=completed 2=completed 3=completed'), { message: 'the final plan' });
    await expectNoAxeViolations(chat, 'a finished plan');
    const states = await recordedPlanStates(chat);
    const history = states.map((s) => Object.entries(s).map(([id, status]) => `${id}=${status}`).join(' ')).join('\n    ');
    for (const [before, after] of [['1', '2'], ['2', '3']] as const) {
      const started = states.findIndex((s) => s[after] !== 'pending');
      assert.ok(started > 0, `task ${after} left pending at some point after the start:\n    ${history}`);
      assert.equal(states[started]![before], 'completed', `task ${before} was completed when task ${after} started:\n    ${history}`);
    }
    assert.ok(states.some((s) => s['1'] === 'in_progress'), `task 1 was shown in progress while its child ran:\n    ${history}`);
    assert.ok(states.every((s) => Object.values(s).filter((status) => status === 'in_progress').length <= 1), `never two tasks in progress at once:\n    ${history}`);

    // The children did the work.
    // (Tool parameters are trimmed, so the files have no final newline.)
    for (const t of TASKS) assert.equal(fs.readFileSync(path.join(workspace, t.file), 'utf8').trim(), t.content.trim(), `${t.file} on disk`);

    // Every Task card holds its child's entries (its Write and its AttemptCompletion), and says completed.
    const cards = await taskCards(chat);
    assert.equal(cards.length, 3, `three Task cards: ${JSON.stringify(cards)}`);
    for (const card of cards) {
      assert.equal(card.nested, false, `a Task card sits in the main transcript: ${JSON.stringify(card)}`);
      assert.equal(card.childStatus, 'completed', `the child of ${card.id} is shown completed: ${JSON.stringify(card)}`);
      assert.ok(card.childKinds.length > 0, `the Task card ${card.id} holds nested child entries: ${JSON.stringify(card)}`);
      assert.deepEqual(
        card.childTools.filter((name) => name === 'Write' || name === 'AttemptCompletion'),
        ['Write', 'AttemptCompletion'],
        `the child's tool cards sit inside its Task card: ${JSON.stringify(card)}`,
      );
    }
    // Only the children wrote: no Write card at the top level (the planner cannot act).
    const topLevelTools = (await entryIds(chat)).filter((e) => e.kind === 'tool-call' && !e.nested).map((e) => e.tool);
    assert.deepEqual(topLevelTools, ['PlanTask', 'Task', 'Task', 'Task', 'AttemptCompletion'], 'the top-level tool cards are the planner\'s');

    // The requests, in order: planner, planner, child 1 ×2, planner, child 2 ×2, planner, child 3 ×2, planner.
    const posts = chatPosts(suite.model);
    const owners = posts.map(requestOwner);
    const child = (i: number) => `child:${TASKS[i]!.goal}`;
    assert.deepEqual(owners, ['planner', 'planner', child(0), child(0), 'planner', child(1), child(1), 'planner', child(2), child(2), 'planner'], 'who sent each request');
    assert.ok(lastMessage(posts[0]!).content.includes(REQUEST), `the planner gets the request without /plan: ${describeMessages(posts[0]!)}`);
    assert.doesNotMatch(systemPrompt(posts[0]!), /^## (Write|Edit|MultiEdit|Bash)\b/m, 'the planner is offered no acting tools');
    assert.match(systemPrompt(posts[2]!), /^## Write\b/m, 'the child is offered Write');
    assert.doesNotMatch(systemPrompt(posts[2]!), /^## (PlanTask|Task)\b/m, 'the child gets no plan tools and no Task');
    // The planner's dispatch of task 2 came after child 1 finished, with task 1 completed in the summary it got.
    const beforeTask2 = lastMessage(posts[4]!).content;
    assert.ok(beforeTask2.startsWith('<tool_result tool="Task" status="success">'), `Task 1's result: ${beforeTask2}`);
    assert.match(beforeTask2, /\[X\] Task 1: Write the board/, `the summary after task 1: ${beforeTask2}`);
    assert.match(beforeTask2, /Current Task: Write the game loop \(ID: 2\)/, `the next ready task: ${beforeTask2}`);
    assert.ok(posts[3]!.receivedAt <= posts[4]!.receivedAt);

    // For the README: a wider side bar, the plan in view and the first child's steps open.
    await widenSideBar(session.page, 720);
    await chat.evaluate(`(() => {
      const steps = document.querySelector('[role="log"] [data-kind="tool-call"] > details.child-steps');
      if (steps) steps.open = true;
      const plan = document.querySelector('[role="log"] [data-kind="plan"][data-id="plan-current"]');
      plan.scrollIntoView({ block: 'start' });
      let scroller = plan.parentElement;
      while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
      if (scroller) scroller.scrollTop -= 60;
    })()`);
    await afterTwoFrames(session.page);
    await afterTwoFrames(chat);
    const shot = await session.screenshot('plan-complete');
    if (process.env.CODEAGENT_E2E_DEBUG) console.log(`      screenshot: ${shot}`);
  });

  it("a failed child fails its task, skips the dependent task, and the planner is told", async function () {
    const [t1, t2, t3] = TASKS as [(typeof TASKS)[number], (typeof TASKS)[number], (typeof TASKS)[number]];
    suite.model.enqueue(
      reply(PLAN_CALL),
      reply(dispatch(t1)),
      reply(write(t1)),
      reply(done(`${t1.file} written`)),
      reply(dispatch(t2)),
      { fault: { kind: 'http', status: 400, message: 'child 2 breaks' } }, // 400: not retried
      reply(done('Task 1 is done; task 2 failed, so task 3 was skipped.')),
    );
    const { workspace, chat } = await open('plan-fail');

    await sendChatMessage(chat, `/plan ${REQUEST}`);
    await transcriptEntries(chat, 'completion').filter({ hasText: 'task 3 was skipped' }).first().waitFor({ timeout: 60_000 });
    await waitForIdle(chat, 30_000);

    await eventually(async () => assert.equal(formatPlan(await planTasks(chat)), '1=completed 2=failed 3=skipped'), { message: 'the plan after the failure' });
    assert.ok(fs.existsSync(path.join(workspace, t1.file)), 'task 1 wrote its file');
    assert.equal(fs.existsSync(path.join(workspace, t2.file)), false, 'task 2 wrote nothing');
    assert.equal(fs.existsSync(path.join(workspace, t3.file)), false, 'task 3 never ran');

    const cards = await taskCards(chat);
    assert.deepEqual(cards.map((c) => c.childStatus), ['completed', 'failed'], `two Task cards, the second failed: ${JSON.stringify(cards)}`);

    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 7, `seven requests: ${posts.map(requestOwner).join(', ')}`);
    assert.deepEqual(posts.map(requestOwner), ['planner', 'planner', `child:${t1.goal}`, `child:${t1.goal}`, 'planner', `child:${t2.goal}`, 'planner']);
    const told = lastMessage(posts[6]!).content;
    assert.ok(told.startsWith('<tool_result tool="Task" status="error">'), `Task 2's result: ${told}`);
    assert.match(told, /\[X\] Task 1: Write the board/, told);
    assert.match(told, /\[!\] Task 2: Write the game loop/, told);
    assert.match(told, /\[-\] Task 3: Write the docs/, told);
  });

  it('a reload in the middle of a child leaves its task failed, the plan and the transcript kept', async function () {
    const [t1] = TASKS as [(typeof TASKS)[number]];
    suite.model.enqueue(
      reply(PLAN_CALL),
      reply(dispatch(t1)),
      // Child 1's reply stops after a few chunks and waits there: the window reloads meanwhile.
      reply('Working on the board, step by step. '.repeat(200), { chunkSize: 25, pauseAfterChars: 100 }),
    );
    const { session, chat } = await open('plan-reload');

    await sendChatMessage(chat, `/plan ${REQUEST}`);
    await suite.model.waitForRequests(3, 30_000);
    await eventually(
      async () => {
        const cards = await taskCards(chat);
        assert.equal(cards[0]?.childStatus, 'running', `the child runs: ${JSON.stringify(cards)}`);
        assert.ok(cards[0]!.childKinds.includes('assistant'), `the child's reply streams inside the card: ${JSON.stringify(cards)}`);
      },
      { timeoutMs: 20_000, message: 'child 1 streaming' },
    );
    assert.equal(formatPlan(await planTasks(chat)), '1=in_progress 2=pending 3=pending', 'task 1 runs');
    assert.equal(suite.model.pausedStreams(), 1, 'the child still streams');
    const before = await entryIds(chat);
    // The host writes the conversation at most every 400 ms while it changes: reload once every entry the
    // panel shows (the child's among them) is on disk.
    await eventually(() => {
      const stored = storedConversationsWith(suite.server.userDataDir, 'Working on the board, step by step.');
      assert.deepEqual(before.filter((e) => e.id && !stored.includes(`"${e.id}"`)), [], 'entries shown but not saved yet');
    }, { timeoutMs: 20_000, message: 'the transcript is saved' });
    assert.equal((await taskCards(chat))[0]?.childStatus, 'running', 'the child still runs when the window reloads');
    const topBefore = before.filter((e) => !e.nested);
    const taskCardId = (await taskCards(chat))[0]!.id;

    const reloaded = await reloadWindow(session);

    // The transcript comes back: every top-level entry from before the reload, the plan entry among them.
    await eventually(
      async () => {
        const after = await entryIds(reloaded);
        const afterIds = new Set(after.map((e) => `${e.kind}:${e.id}`));
        const missing = topBefore.filter((e) => !afterIds.has(`${e.kind}:${e.id}`));
        assert.deepEqual(missing, [], `top-level entries from before the reload are still there\n  before: ${JSON.stringify(before)}\n  after: ${JSON.stringify(after)}`);
      },
      { timeoutMs: 30_000, message: 'the transcript after the reload' },
    );
    const html = await saveFrameHtml(reloaded, 'plan-reload-after-reload');
    if (process.env.CODEAGENT_E2E_DEBUG) console.log(`      chat DOM after the reload: ${html}`);
    assert.ok(await planTasks(reloaded), 'the plan entry is back');

    // The Task card no longer shows its child running, and still holds the child's entries.
    const cards = await taskCards(reloaded);
    const card = cards.find((c) => c.id === taskCardId);
    assert.ok(card, `the Task card is still there: ${JSON.stringify(cards)}`);
    assert.notEqual(card!.childStatus, 'running', `the Task card no longer shows its child running: ${JSON.stringify(card)}`);
    assert.ok(['cancelled', 'failed'].includes(card!.childStatus ?? ''), `the child is shown stopped: ${JSON.stringify(card)}`);
    assert.ok(card!.childKinds.length > 0, `the Task card still holds the child's entries: ${JSON.stringify(card)}`);
    assert.equal(await isTurnRunning(reloaded), false, 'no turn runs after the reload');

    // The plan entry: the task whose child the reload killed is failed, its dependents skipped.
    await eventually(
      async () => {
        const tasks = await planTasks(reloaded);
        assert.equal(tasks![0]!.status, 'failed', `the task whose child the reload killed is shown failed: ${formatPlan(tasks)}`);
        assert.deepEqual(tasks!.slice(1).map((t) => t.status), ['skipped', 'skipped'], `its dependents are shown skipped: ${formatPlan(tasks)}`);
      },
      { timeoutMs: 10_000, message: 'the plan entry after the reload' },
    );
    if (process.env.CODEAGENT_E2E_DEBUG) console.log(`      requests: ${chatPosts(suite.model).map(requestOwner).join(', ')}; last: ${describeMessages(chatPosts(suite.model).at(-1)!)}`);
  });
});
