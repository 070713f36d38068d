// Spec §20: with VS Code's display language set to Simplified Chinese, CodeAgent speaks it: the panel, a tool
// card, an approval, a notice core words (through its Translator), a command title in the palette and a setting's
// description. The model's side stays English.
import * as assert from 'node:assert/strict';
import { transcriptEntries } from './support/chatPanel';
import { eventually } from './support/eventually';
import { chatPosts, lastMessage } from './support/modelRequests';
import { useCodeServerSuite } from './support/codeServerSuite';
import { viewTitleAction } from './support/sideBar';

const USAGE = { prompt_tokens: 200, completion_tokens: 20 };
const zh = {
  input: '向 CodeAgent 发送消息',
  placeholder: '向 CodeAgent 提问… (@ 引用文件，/ 使用命令)',
  send: '发送',
  stop: '停止',
  planUsage: '用法: /plan <request>',
  newChat: '新建聊天',
  runThisCommand: '运行此命令?',
  run: '运行',
  reject: '拒绝',
  awaiting: '等待批准',
  rejected: '已拒绝',
  newChatCommand: 'CodeAgent: 新建聊天',
  contextWindowDescription: '模型的上下文窗口大小(令牌数)；在填满之前会压缩历史记录。',
};

describe('the user\'s language (zh-cn)', function () {
  const suite = useCodeServerSuite({ locale: 'zh-cn' });

  it('the panel, a tool card, an approval, a core notice, a command and a setting\'s description appear in Simplified Chinese', async function () {
    suite.model.enqueue(
      { text: 'Listing.\n<Bash>\n<command>ls > files.txt</command>\n</Bash>', usage: USAGE },
      { text: 'Fine, I will not run it.', usage: USAGE },
    );
    const workspace = suite.server.createWorkspace({ modelBaseUrl: suite.model.baseUrl, name: 'zh-cn' });
    const session = await suite.openSession(suite.server.urlFor(workspace));
    await session.openCodeAgentView();
    const chat = await session.chatFrame({ selector: `textarea[aria-label="${zh.input}"]` });

    // The panel: the input's accessible name and placeholder, its buttons' names.
    const input = chat.getByRole('combobox', { name: zh.input });
    assert.equal(await input.getAttribute('placeholder'), zh.placeholder);
    // New Chat sits in the view's title bar (spec §20's composer), named by its command's translated title.
    await viewTitleAction(session.page, zh.newChat).waitFor({ timeout: 10_000 });
    const send = chat.getByRole('button', { name: zh.send });
    // A first window of this locale's code-server sometimes loses what was typed, or the message sent, just after
    // the panel shows (a flake not understood yet, test/e2e/README.md): type and send again until it is shown.
    await eventually(async () => {
      if ((await transcriptEntries(chat, 'user').count()) > 0) return;
      if ((await input.inputValue()) !== 'List the files') await input.fill('List the files');
      assert.ok(await send.isEnabled(), 'Send is enabled');
      await send.click({ timeout: 2_000 });
      await transcriptEntries(chat, 'user').first().waitFor({ timeout: 5_000 });
    }, { timeoutMs: 60_000, message: 'the message is typed, sent and shown' });

    // A command's approval and its tool card.
    const approval = transcriptEntries(chat, 'approval').last();
    await approval.waitFor({ timeout: 20_000 });
    assert.ok(((await approval.textContent()) ?? '').includes(zh.runThisCommand), 'the approval asks in Chinese');
    await approval.locator('vscode-button', { hasText: zh.run }).waitFor({ timeout: 10_000 });
    const card = transcriptEntries(chat, 'tool-call').last();
    await eventually(async () => assert.equal((await card.locator('.tool-status-label').textContent())?.trim(), zh.awaiting), { message: 'the card waits for approval, in Chinese' });
    await approval.getByRole('button', { name: zh.reject }).click();
    await eventually(async () => assert.equal((await card.locator('.tool-status-label').textContent())?.trim(), zh.rejected), { timeoutMs: 20_000, message: 'the card says rejected, in Chinese' });
    // What the model reads stays English.
    await suite.model.waitForRequests(2, 20_000);
    assert.ok(lastMessage(chatPosts(suite.model)[1]!).content.startsWith('<tool_result tool="Bash" status="error">'));

    // What core tells the user (a usage notice, worded in src/core) is Chinese too, and never reaches the model.
    await eventually(async () => assert.equal(await chat.getByRole('button', { name: zh.stop, exact: true }).isVisible(), false), { timeoutMs: 20_000, message: 'the turn ended' });
    await eventually(async () => {
      if ((await input.inputValue()) !== '/plan') await input.fill('/plan');
      assert.ok(await send.isEnabled(), 'Send is enabled');
    }, { message: '/plan is typed and Send enabled' });
    await send.click();
    const notice = transcriptEntries(chat, 'assistant').last().locator('.entry-body');
    await eventually(async () => assert.equal((await notice.textContent())?.trim(), zh.planUsage), { timeoutMs: 20_000, message: 'the usage notice is in Chinese' });
    assert.equal(chatPosts(suite.model).length, 2, 'the notice was answered without the model');

    // A command title in the palette and a setting's description (package.nls.zh-cn.json).
    const page = session.page;
    await page.locator('.part.statusbar').click();
    await page.keyboard.press('F1');
    const quickInput = page.locator('.quick-input-widget input');
    await quickInput.waitFor({ timeout: 10_000 });
    await quickInput.fill(`>${zh.newChatCommand}`);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: zh.newChatCommand }).first().waitFor({ timeout: 10_000 });
    await quickInput.fill('>Preferences: Open Settings (UI)');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Open Settings (UI)' }).first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.locator('.settings-editor').waitFor({ timeout: 15_000 });
    await page.locator('.settings-editor .suggest-input-container').click();
    await page.keyboard.type('codeagent.model.contextWindow');
    await page.locator('.settings-editor .setting-item-description', { hasText: zh.contextWindowDescription }).first().waitFor({ timeout: 15_000 });
  });
});
