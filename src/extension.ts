import * as vscode from 'vscode';
import { PendingApprovals } from './core/agent/pendingDecisions';
import { editsAskFirst } from './core/agent/approvalGate';
import { createIdGenerator } from './core/ids';
import { createFullToolRegistry } from './core/orchestration/toolSets';
import { watchWorkspaceHooks } from './vscode/hooks/workspaceHooks';
import { ToolProtocolMemento } from './node/toolProtocolMemento';
import { openConversationStorage } from './vscode/conversationStorage';
import { apiFor, createModelClient } from './node/createModelClient';
import { createModelCatalog } from './node/createModelCatalog';
import { systemClock } from './node/systemClock';
import { ApiKeyStore } from './vscode/apiKeyStore';
import { ChatController, type ChatControllerDeps } from './vscode/chatController';
import { ConversationViews } from './vscode/conversationViews';
import { Nudges } from './vscode/nudges';
import { NodeDesktopNotifier } from './node/desktopNotifier';
import { openChatInEditor, type ChatSurface } from './vscode/editorChats';
import { ChatViewProvider, chatViewId } from './vscode/chatViewProvider';
import { registerCommands } from './vscode/commands';
import { setUpWeb } from './vscode/webSetup';
import { ownSecrets } from './vscode/ownSecrets';
import { ContextDocumentProvider, contextScheme } from './vscode/contextDocumentProvider';
import { onboardingFor } from './vscode/onboarding';
import { ModelSetupController } from './vscode/modelSetupController';
import { modelSettingWriter, promptForBaseUrl } from './vscode/modelSettingsWriter';
import { openWorkspacePath } from './vscode/openWorkspacePath';
import { createSettingsReader } from './vscode/settingsReader';
import { languageToolsByRoot, sessionFactory } from './vscode/sessionFactory';
import { setUpWorktrees } from './vscode/worktrees/worktreeSetup';
import { WorkspacePathIndex } from './vscode/workspacePathIndex';
import { DiffEditorApprover } from './vscode/review/diffEditorApprover';
import { LiveProposals } from './vscode/review/liveProposals';
import { ProposalCodeLens } from './vscode/review/proposalCodeLens';
import { closeStaleProposalTabs } from './vscode/review/proposalTabs';
import { ReviewActions } from './vscode/review/reviewActions';
import { vscodeReviewUi } from './vscode/review/reviewUi';
import { ChangeTextProvider, changeScheme } from './vscode/review/changeTextProvider';
import { ChangeTextCache } from './core/conversation/changeTextCache';
import { changeSideText } from './core/conversation/changeSideText';
import { OriginalContentProvider, ProposalFileSystem, originalScheme, proposalScheme } from './vscode/review/proposalFileSystem';
import { watchWorkspaceAgentFiles } from './vscode/workspaceAgentFiles';
import { suggestAgents, suggestMcpResources } from './core/orchestration/agentSuggestions';
import { startMcpServers } from './vscode/mcpSetup';
import { startBackgroundProcesses } from './vscode/processesSetup';
import { startSandbox } from './vscode/sandboxSetup';
import { BashParser, bundledParserWasm } from './node/shell/bashParser';
import { addToCommandAllowList } from './vscode/commandAllowListWriter';
import { HashedTrustStore } from './node/trust/hashedTrustStore';
import { EndpointPrompt } from './vscode/trust/endpointPrompt';
import { restrictedModeNotice } from './core/trust/restrictedMode';
import { languageTools } from './core/languageServices/languageTools';
import { VscodeLanguageServices } from './vscode/languages/vscodeLanguageServices';
import { setUpInlineReview } from './vscode/inlineReview/inlineReviewSetup';
import { l10n, useHostTranslator } from './vscode/hostL10n';
import { openMemory } from './vscode/memoryActions';
import { setUpVscodeModels } from './vscode/lm/vscodeModelsSetup';

const lastConversationKey = 'codeagent.lastConversationId';
let flushOnDeactivate: (() => Promise<void>) | undefined;

/** Composition root: builds the services and wires them; no behaviour lives here. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  useHostTranslator((message, args) => vscode.l10n.t(message, ...args));
  const activationStart = performance.now();
  const output = vscode.window.createOutputChannel('CodeAgent', { log: true });
  const log = (message: string) => output.info(message);
  // Built further down; agent problems are shown in the chat the controller owns, and the panel controller reads the provider.
  // eslint-disable-next-line prefer-const
  let controller: ChatController, provider: ChatViewProvider | undefined;
  // A warning said while activating (a step that reads the settings may run before the controller exists) waits for it.
  const early: string[] = [];
  const warnInChat = (message: string): void => void setTimeout(() => (controller ? controller.showWarning(message) : early.push(message)), 0);
  // Trust decisions about what the workspace brings (its endpoint, its MCP servers), remembered per workspace.
  const trust = new HashedTrustStore(context.workspaceState);
  let refreshModelViews = () => {};
  const endpointPrompt = new EndpointPrompt({
    store: trust,
    log: output,
    // Later: the first settings read may come from inside the controller's own update.
    tell: warnInChat,
    onAllowed: () => refreshModelViews(),
  });
  // Issue 55: VS Code's chat models; a chosen one's limits are in the settings every turn reads.
  const lm = setUpVscodeModels(context.subscriptions, log);
  const settings = lm.withModel(createSettingsReader((problem) => {
    output.warn(problem);
    void vscode.window.showWarningMessage(`CodeAgent: ${problem}`);
  }, { store: trust, onEndpointIgnored: (key, ignored, used) => endpointPrompt.notice(key, ignored, used) }, context.subscriptions));
  const apiKeys = new ApiKeyStore(context.secrets);
  await apiKeys.load();
  const newId = createIdGenerator(Date.now, 't');
  const workspaceRoot = () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const mcp = startMcpServers({ version: String(context.extension.packageJSON.version ?? '0.0.0'), settings, workspaceRoot, output, trust });
  // Spec §13: this host has language services, so the agent gets Problems/Usages/Symbols/Rename and edits report new problems.
  const languageServices = new VscodeLanguageServices(workspaceRoot);
  context.subscriptions.push(languageServices);
  const language = languageTools(languageServices, systemClock, () => settings().tools.diagnosticsWaitMs, log);
  const background = startBackgroundProcesses({ settings, workspaceRoot, log });
  const sandbox = startSandbox({ settings, log, tell: warnInChat });
  // Spec §15: review after edits — the agent's writes marked in the editors for Keep or Undo.
  const inlineReview = setUpInlineReview({ memento: context.workspaceState, settings, workspaceRoot, log });
  context.subscriptions.push(...inlineReview.disposables);
  const approvals = new PendingApprovals();
  const proposals = new ProposalFileSystem();
  const originals = new OriginalContentProvider();
  const reviews = new DiffEditorApprover(approvals, proposals, originals, () => workspaceRoot(), (message) => {
    output.warn(message);
    void vscode.window.showWarningMessage(`CodeAgent: ${message}`);
  });
  const livePreviews = new LiveProposals(reviews, () => editsAskFirst(settings().approval), () => workspaceRoot());
  const codeLens = new ProposalCodeLens(reviews, (uri) => originals.provideTextDocumentContent(uri));

  const { storageDir, store, currentConversation } = openConversationStorage(context, (problem) => output.warn(problem));
  const pathIndex = new WorkspacePathIndex();
  context.subscriptions.push(pathIndex);
  const hooks = watchWorkspaceHooks({
    workspaceRoot: workspaceRoot(), settings, trust, output,
    secrets: () => [apiKeys.current() ?? '', apiKeys.current('messages') ?? ''],
    tell: warnInChat,
  });
  context.subscriptions.push(...hooks.disposables);
  const files = watchWorkspaceAgentFiles({
    workspaceRoot: workspaceRoot(), mcpPrompts: mcp.prompts, output, subscriptions: context.subscriptions,
    showWarning: (message) => controller?.showWarning(message), warnInChat,
  });

  const web = await setUpWeb({ secrets: context.secrets, settings, storageDir });
  context.subscriptions.push(...web.disposables);
  const toolProtocols = new ToolProtocolMemento(context.globalState);
  // Spec §19: conversations in git worktrees under the global storage, each session rooted in its own.
  const worktrees = setUpWorktrees({ globalStorage: context.globalStorageUri, workspaceRoot, settings, wrapFs: inlineReview.wrapFs, log });
  const createSession = sessionFactory({
    shared: {
      model: () => lm.client(settings, () => createModelClient({ baseUrl: settings().model.baseUrl, apiKey: (api) => apiKeys.current(api), api: settings().model.api })),
      settings, agents: files.agents, skills: files.skills, hooks: hooks.dispatcher,
      slashCommands: files.commands.catalog, userInput: files.commands.userInput, mcp: mcp.connections, newId, toolProtocols, l10n,
      onProblem: (problem) => output.warn(problem),
      inputReminder: (conversationId) => [background.reminder(conversationId), inlineReview.takeReminder()].filter(Boolean).join('\n\n'),
      requestReminder: () => inlineReview.takeReminder(),
    },
    settings, workspaceRoot, approver: reviews, wrapFs: inlineReview.wrapFs, sandbox, ownSecrets: ownSecrets({ modelKeys: () => [apiKeys.current('chat'), apiKeys.current('messages')], searchKey: web.searchKey, settings }),
    parser: new BashParser(bundledParserWasm(context.extensionUri.fsPath)),
    languageAt: languageToolsByRoot({ window: language, workspaceRoot, settings, log, disposables: context.subscriptions }),
    tools: (rootLanguage) => createFullToolRegistry([files.skill, ...web.tools(), ...mcp.tools()], { language: rootLanguage, processes: background.processes }),
  });

  // The context document is the last request of the conversation whose view asked for it (the panel's at first).
  let contextOf: ChatController | undefined;
  const contextDocuments = new ContextDocumentProvider(() => (contextOf ?? controller).lastContextDocument());
  // A change diff's text dropped from memory is read back from the saved conversation's checkpoints.
  const changeTexts = new ChangeTextProvider(new ChangeTextCache(async (key) => {
    await views.flushAll();
    const conversation = await store.load(key.conversationId);
    return conversation && changeSideText(conversation, key);
  }));
  const views = new ConversationViews();
  const nudges = new Nudges({
    setBadge: (badge) => provider?.setBadge(badge),
    views: { shownConversations: () => views.shownConversations(), reveal: (id) => views.viewOf(id)?.reveal() },
    desktop: new NodeDesktopNotifier(log),
    desktopEnabled: () => settings().notifications.whenUnfocused,
    log,
  });
  // One controller per chat view (the side panel, each editor tab): each holds its own conversation (spec §16).
  const createController = (lastConversation: ChatControllerDeps['lastConversation'], surface: ChatSurface) => {
    const made: ChatController = new ChatController({
      createSession,
      approvals,
      allowCommands: addToCommandAllowList,
      store,
      lastConversation,
      suggestPaths: async (query, root) => [...suggestAgents(files.agents, query), ...suggestMcpResources(mcp.prompts, query),
        ...(await (root === workspaceRoot() || !workspaceRoot() ? pathIndex.suggest(query) : worktrees.paths.suggest(root, query)))],
      planMode: () => settings().agent.planMode,
      supportsImages: () => settings().model.supportsImages,
      setPlanMode: (on) => void vscode.workspace.getConfiguration('codeagent').update('agent.planMode', on, vscode.workspace.workspaceFolders ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global),
      confirmDelete: async (title) =>
        (await vscode.window.showWarningMessage(vscode.l10n.t('Delete the conversation "{0}"? This cannot be undone.', title), { modal: true }, vscode.l10n.t('Delete'))) === vscode.l10n.t('Delete'),
      onboarding: () => onboardingFor(settings(), apiKeys.current(apiFor(settings().model.api, settings().model.baseUrl, settings().model.name)), workspaceRoot() !== undefined, lm.models.list().length),
      runCommand: (command) =>
        void (command === 'setApiKey' ? vscode.commands.executeCommand('codeagent.setApiKey')
          : command === 'openMemory' ? vscode.commands.executeCommand('codeagent.openMemory')
            : vscode.commands.executeCommand('workbench.action.openSettings', 'codeagent.model')),
      openFile: (path, line, root) => void openWorkspacePath(path, log, line, root),
      worktrees: worktrees.chats,
      showContext: () => {
        contextOf = made;
        void contextDocuments.show();
      },
      log,
      onEvent: (event, session) => {
        livePreviews.observe(event, session.worktree ? session.workspaceFs.root : undefined);
        nudges.observe(session.id, session.conversationTitle, event, () => surface.visible());
      },
      review: new ReviewActions(vscodeReviewUi(changeTexts, log), inlineReview.forget),
      isRunning: (id) => views.isRunning(id),
      flushAll: () => views.flushAll(),
      openElsewhere: (id) => views.revealIfElsewhere(id, made),
    });
    return { controller: made, forget: views.add({ controller: made, ...surface }) };
  };
  controller = createController({
    // The file is written at once; the workspace state (older builds kept only that) as the fallback.
    get: () => {
      const current = currentConversation.get();
      return current === undefined ? context.workspaceState.get<string>(lastConversationKey) : (current ?? undefined);
    },
    set: (id) => {
      currentConversation.set(id);
      void context.workspaceState.update(lastConversationKey, id);
    },
  }, { visible: () => provider?.visible ?? false, reveal: () => void provider?.reveal() }).controller;
  if (!vscode.workspace.isTrusted) controller.showWarningWhenReady(restrictedModeNotice(l10n));
  for (const message of early.splice(0)) controller.showWarningWhenReady(message);
  // Deactivation waits for the servers' and background commands' processes to end: none is left behind.
  flushOnDeactivate = async () => {
    await Promise.all([views.flushAll(), mcp.stop(), background.stop()]);
  };
  // Reviews do not survive a reload (their approval was closed with the turn): drop tabs VS Code restored.
  void closeStaleProposalTabs();
  const modelSetup = new ModelSetupController({
    settings,
    apiKey: () => apiKeys.current(apiFor(settings().model.api, settings().model.baseUrl, settings().model.name)),
    catalog: createModelCatalog(() => settings().model.api),
    now: Date.now,
    writeModelSetting: modelSettingWriter(trust),
    promptApiKey: () => apiKeys.promptAndStore(),
    promptBaseUrl: promptForBaseUrl,
    vscodeModels: () => lm.models.list(),
    log,
  });
  refreshModelViews = () => {
    controller.refreshOnboarding();
    modelSetup.refresh();
  };
  const parts = [modelSetup, mcp.panel, background.panel, files.commands.panel, inlineReview.panel];
  const openEditorChat = () => openChatInEditor({ extensionUri: context.extensionUri, parts, log, onShown: () => nudges.lookAround(), createController: (surface) => createController({ get: () => undefined, set: () => {} }, surface) });
  provider = new ChatViewProvider(context.extensionUri, controller, log, parts, () => nudges.lookAround());

  context.subscriptions.push(
    output,
    nudges,
    ...mcp.disposables,
    ...background.disposables,
    // Kept alive while hidden: showing the chat again is instant, and code-server's webview service worker
    // cannot strand a re-created view blank.
    vscode.window.registerWebviewViewProvider(chatViewId, provider, { webviewOptions: { retainContextWhenHidden: true } }),
    vscode.workspace.registerTextDocumentContentProvider(contextScheme, contextDocuments),
    vscode.commands.registerCommand('codeagent.showContext', () => contextDocuments.show()),
    vscode.commands.registerCommand('codeagent.openChatInEditor', () => void openEditorChat()),
    vscode.commands.registerCommand('codeagent.openMemory', () => openMemory(workspaceRoot(), log)),
    vscode.commands.registerCommand('codeagent.newChatInWorktree', async () => {
      await provider?.reveal();
      await controller.newChatInWorktree();
    }),
    vscode.commands.registerCommand('codeagent.openWorktreeChatInEditor', async () => {
      const worktree = await worktrees.chats.create();
      if (worktree) await openEditorChat().newChatInWorktree(worktree);
    }),
    ...registerCommands(controller, provider, apiKeys, approvals, reviews),
    vscode.workspace.registerFileSystemProvider(proposalScheme, proposals, { isCaseSensitive: true }),
    vscode.workspace.registerTextDocumentContentProvider(originalScheme, originals),
    vscode.workspace.registerTextDocumentContentProvider(changeScheme, changeTexts),
    vscode.languages.registerCodeLensProvider({ scheme: proposalScheme }, codeLens),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document.uri.scheme === proposalScheme) codeLens.refresh();
    }),
    apiKeys.onDidChange(() => controller.refreshOnboarding()),
    { dispose: lm.models.onDidChange(() => refreshModelViews()) },
    vscode.workspace.onDidChangeWorkspaceFolders(() => controller.refreshOnboarding()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => refreshModelViews()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('codeagent')) controller.refreshOnboarding();
      if (event.affectsConfiguration('codeagent.model')) modelSetup.refresh();
      if (event.affectsConfiguration('codeagent.agent.planMode')) controller.refreshPlanMode();
    }),
  );
  log(`activated in ${(performance.now() - activationStart).toFixed(1)} ms`);
}

export function deactivate(): Promise<void> | undefined {
  return flushOnDeactivate?.();
}
