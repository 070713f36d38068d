import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode/codicons/dist/codicon.css';
import './styles.css';
import './toolCards.css';
import './contrast.css';
import './images.css';
import './worktree.css';
import { HostMessage, isEntryAppended } from '../src/protocol/messages';
import type { Onboarding, UsageSummary } from '../src/protocol/transcript';
import { loadViewState, post, saveViewState } from './vscodeApi';
import { TranscriptView } from './transcriptView';
import { vscodeButton } from './vscodeButton';
import { Composer } from './composer';
import { HistoryPanel } from './historyPanel';
import { InputCompletions } from './inputCompletions';
import { formatCost, formatTokens } from './format';
import { PlanModeToggle } from './planModeToggle';
import { guardLinks } from './markdown/linkGuard';
import { ModelPicker } from './modelPicker';
import { OnboardingPanel } from './onboardingPanel';
import { cacheShare } from './cacheShare';
import { McpServersSection } from './mcpServers';
import { ProcessRows } from './processRows';
import { InlineReviewControls } from './inlineReviewControls';
import { refreshReviewBars } from './changesReviewBar';
import { LiveChecklist } from './liveChecklist';
import { configureCodeBlockActions } from './codeBlockDecoration';
import { PromptRecall } from './promptRecall';
import { keepEndInView } from './endAnchor';
import { ImageAttachments } from './imageAttachments';
import { QueuedMessages } from './queuedMessages';
import { WorktreeBar } from './worktreeBar';
import { t } from './l10n';
import { FindBar } from './findBar';

guardLinks(document, post);
keepEndInView([byId('transcript'), byId('composer')]);
const checklist = new LiveChecklist(byId('live-checklist'));
const transcript = new TranscriptView(byId('transcript'), checklist, () => post({ type: 'loadEarlier' }));
new FindBar(transcript);
configureCodeBlockActions({ copyFallback: (text) => post({ type: 'copyText', text }), insert: (text) => post({ type: 'insertAtCursor', text }) });
const mcpServers = new McpServersSection(byId('transcript'));
const processRows = new ProcessRows(byId('processes'));
const inlineReview = new InlineReviewControls(byId('review-after'), byId('to-review'));
const queued = new QueuedMessages(byId('queued'));
const worktree = new WorktreeBar(byId('worktree'));
const history = new HistoryPanel(byId('history'), byId('history-toggle'));
/** The title bar's History may come before the first snapshot, which closes the list: it opens after it then. */
let snapshotShown = false;
let historyAfterSnapshot = false;
const completions = new InputCompletions(byId<HTMLTextAreaElement>('input'), byId('completions'), [
  { name: 'new', description: t('slash.new'), run: () => post({ type: 'newChat' }) },
  { name: 'worktree', description: t('slash.worktree'), run: () => post({ type: 'newChatInWorktree' }) },
  { name: 'history', description: t('slash.history'), run: () => history.open() },
  { name: 'context', description: t('slash.context'), run: () => post({ type: 'showContext' }) },
  { name: 'memory', description: t('slash.memory'), run: () => post({ type: 'runCommand', command: 'openMemory' }) },
  // The host runs these two: they are sent as the message's text.
  { name: 'plan', description: t('slash.plan') },
  {
    name: 'agents',
    description: t('slash.agents'),
    subcommands: [
      { name: 'list', description: t('slash.agentsList') },
      { name: 'run', description: t('slash.agentsRun') },
      { name: 'context', description: t('slash.agentsContext') },
    ],
  },
]);
const recall = new PromptRecall(byId<HTMLTextAreaElement>('input'), (text) => {
  composer.setDraft(text);
  saveViewState({ draft: text });
});
const attachments = new ImageAttachments({
  input: byId<HTMLTextAreaElement>('input'),
  dropZone: byId('composer'),
  tray: byId('attachments'),
  notice: byId('attach-notice'),
  attachButton: byId('attach-image'),
  fileInput: byId<HTMLInputElement>('attach-file'),
  onChange: () => composer?.refresh(),
});
const composer: Composer = new Composer({
  attachments,
  interceptKey: (event) => completions.handleKey(event) || recall.handleKey(event),
  interceptSubmit: (text) => completions.runSlashCommand(text),
  input: byId<HTMLTextAreaElement>('input'),
  send: byId('send'),
  stop: byId('stop'),
  newChat: byId('new-chat'),
  onDraftChange: (draft) => saveViewState({ draft }),
});
composer.setDraft(loadViewState().draft);
const planMode = new PlanModeToggle(byId('plan-mode'), (on) => composer.setPlanMode(on));
byId('context-label').addEventListener('click', () => post({ type: 'showContext' }));
const modelPicker = new ModelPicker(byId('model-bar'));
const modelSetup = new OnboardingPanel();

window.addEventListener('message', (event: MessageEvent) => {
  if (isEntryAppended(event.data)) return transcript.append(event.data.id, event.data.delta);
  const kind = (event.data as { type?: unknown })?.type;
  if (kind === 'snapshot' || kind === 'conversations') performance.mark(`codeagent:${kind}-received`);
  const parsed = HostMessage.safeParse(event.data);
  if (!parsed.success) return console.error('CodeAgent: ignored a malformed host message', parsed.error.issues);
  const message = parsed.data;
  switch (message.type) {
    case 'snapshot':
      history.close();
      snapshotShown = true;
      if (historyAfterSnapshot) history.open(true);
      historyAfterSnapshot = false;
      transcript.reset(message.entries, message.earlier);
      markShown('codeagent:snapshot');
      // A conversation without a changes entry shows the waiting hunks above the input.
      queueMicrotask(refreshReviewBars);
      recall.reset(message.entries.filter((entry) => entry.kind === 'user' && !entry.parent).map((entry) => entry.text));
      composer.setBusy(message.busy);
      checklist.setBusy(message.busy);
      showOnboarding(message.onboarding);
      showUsage(message.usage);
      if (message.planMode !== undefined) planMode.set(message.planMode);
      queued.show(message.queued ?? []);
      break;
    case 'queued': queued.show(message.items); break;
    case 'worktree': worktree.show(message.worktree); break;
    case 'planMode': planMode.set(message.on); break;
    case 'earlierEntries': transcript.prependEarlier(message.entries); break;
    case 'entryAdded':
      transcript.add(message.entry);
      if (message.entry.kind === 'user' && !message.entry.parent) recall.add(message.entry.text);
      break;
    case 'entryAppended': transcript.append(message.id, message.delta); break;
    case 'entryUpdated': transcript.update(message.entry); break;
    case 'busy':
      composer.setBusy(message.busy, message.awaitingAnswer ?? false);
      checklist.setBusy(message.busy);
      break;
    case 'onboarding': showOnboarding(message.onboarding); break;
    case 'usage': showUsage(message.usage); break;
    case 'prefill': composer.insert(message.text); break;
    case 'toggleHistory':
      if (snapshotShown) history.toggle(true);
      else historyAfterSnapshot = true;
      break;
    case 'conversations': history.show(message.items, message.currentId); break;
    case 'pathSuggestions': completions.showPathSuggestions(message.query, message.items); break;
    case 'modelSetup':
      modelPicker.showSetup(message.setup);
      modelSetup.showSetup(message.setup);
      attachments.setSupported(message.setup.supportsImages !== false);
      break;
    case 'models': modelPicker.showModels(message); modelSetup.showModels(message); break;
    case 'connectionTest': modelPicker.showConnectionTest(message); modelSetup.showConnectionTest(message); break;
    case 'localServers': modelSetup.showLocalServers(message.servers); break;
    case 'mcpServers': mcpServers.show(message.servers); break;
    case 'processes': processRows.show(message.processes); break;
    case 'inlineReview': inlineReview.show(message); break;
    case 'slashCommands': completions.setFileCommands(message.items); break;
  }
});

function showOnboarding(onboarding: Onboarding | null): void {
  const panel = byId('onboarding');
  composer.setBlocked(onboarding !== null);
  panel.hidden = onboarding === null;
  if (!onboarding) {
    modelPicker.setHidden(false);
    modelSetup.unmount();
    return panel.replaceChildren();
  }
  const title = document.createElement('h2');
  title.textContent = onboarding.title;
  const text = document.createElement('p');
  text.textContent = onboarding.message;
  const actions = onboarding.actions.map(({ label, command }) => vscodeButton(label, () => post({ type: 'runCommand', command })));
  panel.replaceChildren(title, text, ...actions);
  modelPicker.setHidden(onboarding.modelSetup === true);
  if (onboarding.modelSetup) modelSetup.mountIn(panel);
  else modelSetup.unmount();
}

function showUsage(usage: UsageSummary | null): void {
  const meter = byId('usage');
  meter.hidden = usage === null;
  if (!usage) return;
  const percent = usage.contextWindow > 0 ? Math.min(100, Math.round((usage.contextUsed / usage.contextWindow) * 100)) : 0;
  byId('context-bar').style.width = `${percent}%`;
  byId('context-label').textContent = t('usage.context', formatTokens(usage.contextUsed), formatTokens(usage.contextWindow), percent);
  byId('tokens-label').textContent = `↑ ${formatTokens(usage.inputTokens)} ↓ ${formatTokens(usage.outputTokens)}${usage.cost > 0 ? ` · ${formatCost(usage.cost)}` : ''}`;
  const cache = cacheShare(usage);
  const cacheLabel = byId('cache-label');
  cacheLabel.hidden = !cache;
  cacheLabel.textContent = cache?.text ?? '';
  cacheLabel.title = cache?.title ?? '';
}

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`webview markup lacks #${id}`);
  return element as T;
}

/** Marks on the webview's own clock that the figure tests read (spec §24): the input ready, a snapshot on screen. */
function markShown(name: string): void {
  performance.mark(`${name}-rendered`);
  requestAnimationFrame(() => setTimeout(() => performance.mark(`${name}-painted`), 0));
}

performance.mark('codeagent:input-ready');
post({ type: 'ready' });
