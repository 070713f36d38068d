// Approval of edits in the chat (spec §4, §8): the scripted model reads a file and proposes an Edit;
// the approval card shows the diff; Accept writes the file and the model gets the success result,
// Reject (with feedback) leaves the file alone and the model is told, feedback included.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { sendChatMessage, transcriptEntries, waitForIdle } from './support/chatPanel';
import { eventually } from './support/eventually';
import { chatPosts, describeMessages, lastMessage } from './support/modelRequests';
import { fixtureWorkspace } from './support/paths';
import { useCodeServerSuite } from './support/codeServerSuite';

const FILE = 'src/a.ts';
const OLD = 'Hello, ${capitalize(name)}!';
const NEW = 'Hi there, ${capitalize(name)}!';
const ORIGINAL = fs.readFileSync(path.join(fixtureWorkspace, FILE), 'utf8');

const READ_CALL = `I'll read the file first.\n<Read>\n<path>${FILE}</path>\n</Read>`;
const EDIT_CALL = `Now the change.\n<Edit>\n<path>${FILE}</path>\n<old_string>${OLD}</old_string>\n<new_string>${NEW}</new_string>\n</Edit>`;
const USAGE = { prompt_tokens: 200, completion_tokens: 20 };

/**
 * Name and status of each tool-call card, in order. Each model step's XML parser numbers its calls from
 * `xml-1` again; unless the ids are qualified per step, later cards overwrite earlier ones.
 */
async function toolCards(chat: Frame): Promise<string[]> {
  const cards = transcriptEntries(chat, 'tool-call');
  const names: string[] = [];
  for (let i = 0; i < (await cards.count()); i++) {
    const card = cards.nth(i);
    names.push(`${(await card.locator('.tool-name').textContent())?.trim()} ${await card.getAttribute('data-status')}`);
  }
  return names;
}

describe('edit approval', function () {
  const suite = useCodeServerSuite({ window: 'shared' });

  /** Opens a fresh workspace, asks for the change and waits for the approval card of the Edit. */
  async function proposeEdit(name: string) {
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name, settings: { 'codeagent.approval.autoApproveEdits': false, 'codeagent.approval.autoApproveReadOnly': true } });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();

    await sendChatMessage(chat, `Change the greeting in ${FILE} to "Hi there"`);

    const card = transcriptEntries(chat, 'approval').last();
    await card.waitFor({ timeout: 20_000 });
    // The Read ran without asking (read-only tools are auto-approved) and its result went to the suite.model.
    await suite.model.waitForRequests(2, 10_000);
    const afterRead = chatPosts(suite.model)[1]!;
    const readResult = lastMessage(afterRead);
    assert.equal(readResult.role, 'user', describeMessages(afterRead));
    assert.ok(readResult.content.startsWith('<tool_result tool="Read" status="success">'), `Read result: ${readResult.content.slice(0, 200)}`);
    assert.ok(readResult.content.includes('export function greeting'), 'the Read result carries the file');

    // The card shows the diff and waits: nothing is written and the model is not called again.
    await eventually(async () => {
      const text = (await card.textContent()) ?? '';
      assert.match(text, /Edit/);
      assert.ok(text.includes(`-  return \`${OLD}\`;`), `removed line in the diff: ${text}`);
      assert.ok(text.includes(`+  return \`${NEW}\`;`), `added line in the diff: ${text}`);
    });
    assert.ok(await card.getByRole('button', { name: 'Accept' }).isVisible(), 'Accept is shown');
    assert.ok(await card.getByRole('button', { name: 'Reject' }).isVisible(), 'Reject is shown');
    // The Edit's card says it waits for approval: the host is blocked in the approver, so nothing more can be sent.
    await eventually(async () => assert.deepEqual(await toolCards(chat), ['Read done', 'Edit awaiting']), { message: 'the Edit waits for approval' });
    assert.equal(chatPosts(suite.model).length, 2, 'no model request while the approval waits');
    assert.equal(fs.readFileSync(path.join(workspace, FILE), 'utf8'), ORIGINAL, 'nothing written before the decision');
    return { workspace, chat, card };
  }

  it('Accept writes the edit and the model gets the success result', async function () {
    suite.model.enqueue(
      { text: READ_CALL, usage: USAGE },
      { text: EDIT_CALL, usage: USAGE },
      { text: `<AttemptCompletion>\n<result>The greeting in ${FILE} now says "Hi there".</result>\n</AttemptCompletion>`, usage: USAGE },
    );
    const { workspace, chat, card } = await proposeEdit('accept');

    await card.getByRole('button', { name: 'Accept' }).click();

    await transcriptEntries(chat, 'completion').first().waitFor({ timeout: 20_000 });
    await waitForIdle(chat);
    await eventually(async () => assert.match((await card.textContent()) ?? '', /Accepted/), { message: 'the card shows the decision' });
    assert.equal(fs.readFileSync(path.join(workspace, FILE), 'utf8'), ORIGINAL.replace(OLD, NEW), 'the file on disk has the edit');

    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 3, `three model requests, got ${posts.length}`);
    const editResult = lastMessage(posts[2]!);
    assert.equal(editResult.role, 'user', describeMessages(posts[2]!));
    assert.ok(editResult.content.startsWith('<tool_result tool="Edit" status="success">'), `Edit result: ${editResult.content}`);
    assert.doesNotMatch(editResult.content, /reject/i);
    assert.equal(await transcriptEntries(chat, 'tool-result').count(), 3, 'Read, Edit and AttemptCompletion results, each inside its card');
    assert.equal(await chat.locator('[role="log"] > [data-kind="tool-result"]').count(), 0, 'no result row outside the cards');
    // Every tool call keeps its own card (asserted last: see toolCards).
    assert.deepEqual(await toolCards(chat), ['Read done', 'Edit done', 'AttemptCompletion done'], 'one card per tool call, each with its status');
  });

  it('Reject leaves the file alone and tells the model, with the feedback', async function () {
    const feedback = 'Keep the original greeting, the tests depend on it.';
    suite.model.enqueue({ text: READ_CALL, usage: USAGE }, { text: EDIT_CALL, usage: USAGE }, { text: `Understood: ${FILE} stays as it is.`, usage: USAGE });
    const { workspace, chat, card } = await proposeEdit('reject');

    await card.getByRole('textbox', { name: 'Feedback for the agent' }).fill(feedback);
    await card.getByRole('button', { name: 'Reject' }).click();

    await suite.model.waitForRequests(3, 10_000);
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'stays as it is' }).first().waitFor({ timeout: 20_000 });
    await waitForIdle(chat);
    await eventually(async () => assert.ok(((await card.textContent()) ?? '').includes(`Rejected: ${feedback}`), 'the card shows the rejection and its feedback'));
    assert.equal(fs.readFileSync(path.join(workspace, FILE), 'utf8'), ORIGINAL, 'the file on disk is unchanged');

    const posts = chatPosts(suite.model);
    assert.equal(posts.length, 3, `three model requests, got ${posts.length}`);
    const editResult = lastMessage(posts[2]!);
    assert.equal(editResult.role, 'user', describeMessages(posts[2]!));
    assert.ok(editResult.content.startsWith('<tool_result tool="Edit" status="error">'), `Edit result: ${editResult.content}`);
    assert.match(editResult.content, /reject/i);
    assert.ok(editResult.content.includes(feedback), `the feedback reaches the model: ${editResult.content}`);
    assert.deepEqual(await toolCards(chat), ['Read done', 'Edit rejected'], 'one card per tool call, the Edit marked rejected');
  });

  it('a command waits for approval by default, shows its working directory, and a rejected command does not run', async function () {
    const marker = 'ran-marker.txt';
    const command = `touch ${marker}`;
    suite.model.enqueue(
      { text: `Creating the marker.\n<Bash>\n<command>${command}</command>\n</Bash>`, usage: USAGE },
      { text: 'Fine, I will not run it.', usage: USAGE },
    );
    // Default approval settings: commands are not auto-approved.
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'bash-reject' });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame();
    await sendChatMessage(chat, 'Create the marker file');

    const card = transcriptEntries(chat, 'approval').last();
    await card.waitFor({ timeout: 20_000 });
    await eventually(async () => assert.deepEqual(await toolCards(chat), ['Bash awaiting']), { message: 'the Bash call waits for approval' });
    const text = (await card.textContent()) ?? '';
    assert.ok(text.includes(`$ ${command}`), `the card shows the command: ${text}`);
    assert.ok(text.includes(`Working directory: ${fs.realpathSync(workspace)}`) || text.includes(`Working directory: ${workspace}`), `the card shows where it runs: ${text}`);
    assert.ok(await card.getByRole('button', { name: 'Run', exact: true }).isVisible(), 'Run is shown, named by its word (spec §10)');
    assert.equal(chatPosts(suite.model).length, 1, 'no model request while the command waits');
    assert.equal(fs.existsSync(path.join(workspace, marker)), false, 'the command has not run');

    await card.getByRole('button', { name: 'Reject' }).click();
    await transcriptEntries(chat, 'assistant').filter({ hasText: 'will not run it' }).first().waitFor({ timeout: 20_000 });
    await waitForIdle(chat);
    assert.equal(fs.existsSync(path.join(workspace, marker)), false, 'the rejected command never ran');
    const result = lastMessage(chatPosts(suite.model)[1]!);
    assert.ok(result.content.startsWith('<tool_result tool="Bash" status="error">'), `Bash result: ${result.content}`);
    assert.match(result.content, /reject/i);
    assert.deepEqual(await toolCards(chat), ['Bash rejected']);
  });
});
