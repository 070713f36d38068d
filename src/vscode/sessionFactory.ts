import * as os from 'node:os';
import * as vscode from 'vscode';
import { AgentSession } from '../core/session/agentSession';
import type { AgentSessionDeps } from '../core/session/agentSessionDeps';
import type { Conversation } from '../core/conversation/conversation';
import type { LanguageTools } from '../core/languageServices/languageTools';
import { languageTools } from '../core/languageServices/languageTools';
import type { WorkspaceFs } from '../core/ports/workspaceFs';
import type { Settings } from '../core/settings';
import type { ToolRegistry } from '../core/tools/toolRegistry';
import { conversationRoot, type WorktreeRecord } from '../core/worktrees/worktreeRecord';
import { createNodeToolPorts } from '../node/createNodeToolPorts';
import { NodeWorkspaceFs } from '../node/nodeWorkspaceFs';
import { vscodeRipgrepCandidates } from '../node/ripgrepLocator';
import { sessionEnvironment } from '../node/sessionEnvironment';
import { systemClock } from '../node/systemClock';
import { editorAwareFs } from './editorAwareFs';
import { VscodeLanguageServices } from './languages/vscodeLanguageServices';
import type { Approver } from '../core/agent/approvalGate';
import type { CommandSandbox } from '../core/ports/commandSandbox';
import { sessionMemory } from '../core/memory/sessionMemory';
import { memoryStoreAt } from '../node/memoryFolders';
import type { ShellParser } from '../core/ports/shellParser';

/** What every conversation's session shares in the window; the rest of AgentSessionDeps is per conversation. */
export type SharedSessionDeps = Omit<AgentSessionDeps, 'fs' | 'commands' | 'search' | 'approver' | 'environment' | 'tools' | 'onChange' | 'worktree' | 'userTreeFs' | 'clock'>;

export interface SessionFactoryDeps {
  shared: SharedSessionDeps;
  settings: () => Settings;
  workspaceRoot: () => string | undefined;
  /** The tools with the language tools of one workspace root. */
  tools: (language: LanguageTools) => ToolRegistry;
  /** The language tools whose paths are relative to `root` (languageToolsByRoot). */
  languageAt: (root: string) => LanguageTools;
  /** The diff-editor approver; `forRoot`, a conversation's in a worktree. */
  approver: Approver & { forRoot(root: string): Approver };
  /** The agent's file system as the window wraps it (spec §15's review marks). */
  wrapFs: (fs: WorkspaceFs) => WorkspaceFs;
  /** Spec §18: the window's sandbox for every conversation's commands (a worktree's confined to it). */
  sandbox?: CommandSandbox;
  /** Spec §23: the window's one shell parser (its grammar loads once, on the first command). */
  parser?: ShellParser;
  /** Spec §23: the agent's own keys, by value: never in a command's environment. */
  ownSecrets?: () => readonly string[];
}

export type CreateSession = (restored: Conversation | undefined, onChange: () => void, worktree?: WorktreeRecord) => AgentSession;

/**
 * A conversation's session, rooted where it works: the workspace folder, or its worktree (spec §19) — its tools,
 * commands, search, environment, approvals' editors and language tools all take that root, passed through,
 * never read from the window's workspace folders.
 */
export function sessionFactory(deps: SessionFactoryDeps): CreateSession {
  return (restored, onChange, worktree = restored?.worktree) => {
    const root = worktree ? conversationRoot(worktree) : deps.workspaceRoot() ?? os.homedir();
    const nodePorts = createNodeToolPorts({ workspaceRoot: root, ripgrepPaths: vscodeRipgrepCandidates(vscode.env.appRoot), commands: { sandbox: deps.sandbox, parser: deps.parser, ownSecrets: deps.ownSecrets } });
    const language = deps.languageAt(root);
    return new AgentSession({
      ...deps.shared,
      ...nodePorts,
      fs: deps.wrapFs(editorAwareFs(nodePorts.fs)),
      clock: systemClock,
      tools: () => deps.tools(language),
      approver: worktree ? deps.approver.forRoot(root) : deps.approver,
      environment: () => sessionEnvironment(root),
      onChange,
      // Spec §21: the user's memory and the project's (by the repository's main worktree, so a worktree shares it).
      memory: sessionMemory(memoryStoreAt(root), deps.settings, deps.shared.onProblem),
      ...(worktree ? { worktree, userTreeFs: deps.wrapFs(editorAwareFs(new NodeWorkspaceFs(worktree.repoRoot))) } : {}),
    }, restored);
  };
}

/**
 * The language tools of each workspace root (spec §13 in a worktree, §19): the window's for its folder, one
 * VscodeLanguageServices more per worktree root, made once.
 */
export function languageToolsByRoot(options: { window: LanguageTools; workspaceRoot: () => string | undefined; settings: () => Settings; log: (message: string) => void; disposables: vscode.Disposable[] }): (root: string) => LanguageTools {
  const languages = new Map<string, LanguageTools>();
  return (root) => {
    if (root === options.workspaceRoot()) return options.window;
    let tools = languages.get(root);
    if (!tools) {
      const services = new VscodeLanguageServices(() => root);
      options.disposables.push(services);
      tools = languageTools(services, systemClock, () => options.settings().tools.diagnosticsWaitMs, options.log);
      languages.set(root, tools);
    }
    return tools;
  };
}
