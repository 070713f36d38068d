import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultCommandDenyList } from '../../src/core/commandJudgment/defaultDenyList';
import { Settings } from '../../src/core/settings';
import { isProtectedSetting } from '../../src/core/trust/protectedSettings';

const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'));
const nls: Record<string, string> = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.nls.json'), 'utf8'));
/** A manifest string as English users see it: its `%key%` looked up in package.nls.json. */
const english = (value: string) => value.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? value);

/** Settings whose value is one object of their own (spec §17's `context.instructionFiles`). */
const objectSettings = new Set(['context.instructionFiles']);

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0 || objectSettings.has(prefix)) return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)));
}

/** Spec §11, by name and default (undefined: the spec gives none), including the settings added with §7–§12
 * and issue 13 (cached input pricing), spec §16 (model.supportsImages) and §18 (sandbox.*). */
const specSettings: Record<string, unknown> = {
  'model.baseUrl': undefined, 'model.name': undefined, 'model.contextWindow': 200000, 'model.maxOutputTokens': undefined,
  'model.toolProtocol': 'auto', 'model.api': 'auto', 'model.vscodeModel': null /* issue 55 */, 'model.reasoningEffort': 'default', 'model.inputPricePerMTok': undefined, 'model.outputPricePerMTok': undefined,
  'model.cachedInputPricePerMTok': null,
  'model.maxRetries': 3, 'model.continueMaxRounds': 5, 'summaryModel.name': undefined,
  'context.compactThreshold': 0.8, 'context.keepRecentRounds': 10, 'context.summaryTimeoutSeconds': 120,
  'agent.maxIterations': 50, 'approval.autoApproveReadOnly': true, 'approval.autoApproveEdits': false,
  'approval.autoApproveCommands': false, 'approval.commandAllowList': [], 'approval.commandDenyList': [...defaultCommandDenyList],
  'agents.defaultContextMode': undefined, 'agents.allowSharedContext': true, 'agents.sharedContextMaxMessages': 100,
  'agent.planMode': false, 'mcp.servers': undefined, 'approval.autoApproveMcpTools': [],
  'tools.diagnosticsWaitMs': 2000,
  'tools.maxBackgroundProcesses': 10,
  'model.supportsImages': true,
  'approval.editReview': 'before',
  'context.instructionFiles': { claude: true, copilot: true, nestedAgents: true }, 'hooks.enabled': true,
  'notifications.whenUnfocused': true,
  'sandbox.enabled': false, 'sandbox.allowedDomains': [],
  'web.enabled': true, 'web.allowedDomains': [], 'web.search.provider': 'none', 'web.search.baseUrl': '',
  'worktree.setupCommand': '', 'worktree.copyFiles': [],
  'memory.enabled': true,
};

describe('package.json manifest', () => {
  const properties: Record<string, { default: unknown; description?: string; markdownDescription?: string; type: string; scope?: string }> = manifest.contributes.configuration.properties;

  it('declares every setting of the core schema with the same default, a type and a description', () => {
    const defaults = flatten(Settings.parse({}));
    assert.deepEqual(Object.keys(properties).map((k) => k.replace(/^codeagent\./, '')).sort(), Object.keys(defaults).sort());
    for (const [key, value] of Object.entries(defaults)) {
      const property = properties[`codeagent.${key}`]!;
      assert.deepEqual(property.default, value, key);
      assert.ok(property.type, key);
      assert.ok(property.description || property.markdownDescription, key);
    }
  });

  it('declares exactly the settings spec §11 names, with the defaults it gives', () => {
    assert.deepEqual(Object.keys(properties).map((k) => k.replace(/^codeagent\./, '')).sort(), Object.keys(specSettings).sort());
    for (const [key, value] of Object.entries(specSettings)) {
      if (value !== undefined) assert.deepEqual(properties[`codeagent.${key}`]!.default, value, key);
    }
  });

  it('contributes the view container, view, commands and menus the spec names', () => {
    assert.equal(manifest.engines.vscode, '^1.100.0');
    assert.equal(manifest.contributes.viewsContainers.activitybar[0].id, 'codeagent');
    assert.equal(manifest.contributes.views.codeagent[0].id, 'codeagent.chatView');
    const commands = manifest.contributes.commands.map((c: { command: string }) => c.command);
    for (const id of ['codeagent.sendFileToAgent', 'codeagent.newChat', 'codeagent.acceptDiff', 'codeagent.rejectDiff', 'codeagent.setApiKey', 'codeagent.sendSelectionToAgent']) {
      assert.ok(commands.includes(id), id);
    }
    assert.equal(english(manifest.contributes.commands.find((c: { command: string }) => c.command === 'codeagent.setApiKey').title), 'Set API Key');
    const menuCommands = (menu: string) => manifest.contributes.menus[menu].map((m: { command: string }) => m.command);
    assert.ok(menuCommands('explorer/context').includes('codeagent.sendFileToAgent'));
    assert.ok(menuCommands('editor/context').includes('codeagent.sendFileToAgent'));
    assert.ok(menuCommands('editor/context').includes('codeagent.sendSelectionToAgent'));
    // Issue 34: New Chat and History in the view's title bar, with their icons, where VS Code puts a view's actions.
    const inTitle = manifest.contributes.menus['view/title'].filter((m: { group: string }) => m.group.startsWith('navigation'));
    assert.deepEqual(inTitle.slice(0, 2).map((m: { command: string }) => m.command), ['codeagent.newChat', 'codeagent.showHistory']);
    for (const id of ['codeagent.newChat', 'codeagent.showHistory']) assert.ok(manifest.contributes.commands.find((c: { command: string }) => c.command === id).icon, id);
  });

  it('reads notifications.whenUnfocused from the user\'s settings only (spec §20)', () => {
    assert.equal(properties['codeagent.notifications.whenUnfocused']!.scope, 'application');
  });

  it('spec §19: New Chat in Worktree is a command and in the view\'s new-chat menu; its settings are the user\'s only', () => {
    const titles = Object.fromEntries(manifest.contributes.commands.map((c: { command: string; title: string; category: string }) => [c.command, `${english(c.category)}: ${english(c.title)}`]));
    assert.equal(titles['codeagent.newChatInWorktree'], 'CodeAgent: New Chat in Worktree');
    assert.equal(titles['codeagent.openWorktreeChatInEditor'], 'CodeAgent: Open Worktree Chat in Editor');
    const newChatMenu = manifest.contributes.menus['view/title'].filter((m: { group: string }) => m.group.startsWith('1_newChat')).map((m: { command: string }) => m.command);
    assert.deepEqual(newChatMenu, ['codeagent.newChat', 'codeagent.newChatInWorktree', 'codeagent.openChatInEditor', 'codeagent.openWorktreeChatInEditor']);
    for (const key of ['codeagent.worktree.setupCommand', 'codeagent.worktree.copyFiles']) {
      assert.equal(properties[key]!.scope, 'application', key);
      assert.ok(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(key), key);
    }
  });

  it('offers Accept/Reject in the editor title only on CodeAgent proposals, which the extension opens in a diff editor', () => {
    const review = fs.readFileSync(path.resolve(__dirname, '../../src/vscode/review/diffEditorApprover.ts'), 'utf8');
    assert.match(review, /executeCommand\('vscode\.diff'/);
    const inTitle = (manifest.contributes.menus['editor/title'] ?? []).filter((m: { command: string }) => /acceptDiff|rejectDiff/.test(m.command));
    assert.deepEqual(inTitle.map((m: { command: string }) => m.command).sort(), ['codeagent.acceptDiff', 'codeagent.rejectDiff']);
    for (const entry of inTitle) assert.match(entry.when, /resourceScheme == codeagent-proposal/, entry.command);
    const titles = Object.fromEntries(manifest.contributes.commands.map((c: { command: string; title: string; category: string }) => [c.command, `${english(c.category)}: ${english(c.title)}`]));
    assert.equal(titles['codeagent.acceptDiff'], 'CodeAgent: Accept');
    assert.equal(titles['codeagent.rejectDiff'], 'CodeAgent: Reject');
    assert.equal(titles['codeagent.openChatInEditor'], 'CodeAgent: Open Chat in Editor', 'spec §16');
  });
  // Spec §11/§12: VS Code itself ignores these in Restricted Mode; the reader enforces the same and more.
  it('declares Restricted Mode support as limited, restricting every setting that grants power or routes the key', () => {
    const untrusted = manifest.capabilities?.untrustedWorkspaces;
    assert.equal(untrusted?.supported, 'limited');
    assert.ok(untrusted.description);
    const powerful = Object.keys(properties).filter((key) => key.endsWith('.baseUrl') || isProtectedSetting(key.replace(/^codeagent\./, '')));
    assert.ok(powerful.includes('codeagent.approval.autoApproveCommands') && powerful.includes('codeagent.mcp.servers') && powerful.includes('codeagent.model.baseUrl'));
    assert.deepEqual([...untrusted.restrictedConfigurations].sort(), powerful.sort());
  });
});
