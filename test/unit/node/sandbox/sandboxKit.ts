import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { approvalFor, type Approver } from '../../../../src/core/agent/approvalGate';
import type { CommandSandbox } from '../../../../src/core/ports/commandSandbox';
import { defaultSettings, type Settings } from '../../../../src/core/settings';
import type { ApprovalDecision, ApprovalRequest } from '../../../../src/core/tools/approval';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import { ReadLedger } from '../../../../src/core/tools/readLedger';
import { ScanningTextSearch } from '../../../../src/core/tools/scanningTextSearch';
import { InMemoryTodoStore } from '../../../../src/core/tools/todoStore';
import type { ToolContext, ToolResult } from '../../../../src/core/tools/toolTypes';
import { NodeCommandRunner } from '../../../../src/node/nodeCommandRunner';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';
import { RuntimeSandbox, type RuntimeSandboxOptions } from '../../../../src/node/sandbox/runtimeSandbox';
import { probeSandbox } from '../../../../src/node/sandbox/sandboxProbe';
import { english } from '../../../../src/core/ports/translator';

/** Why the real-sandbox tests cannot run here (no bwrap or socat, or user namespaces off), or undefined. */
export async function sandboxMissing(): Promise<string | undefined> {
  const probe = await probeSandbox();
  return probe.available ? undefined : `no sandbox on this machine: ${probe.reason(english)}`;
}

/**
 * A workspace, a fake home and a temp dir side by side in a fresh folder, so that only `ws` and `tmp` are writable
 * for a sandboxed command (the system's temp dir is not, here).
 */
export class SandboxPlace {
  private constructor(readonly base: string) {}
  get ws(): string { return path.join(this.base, 'ws'); }
  get home(): string { return path.join(this.base, 'home'); }
  get tmp(): string { return path.join(this.base, 'tmp'); }

  static async create(): Promise<SandboxPlace> {
    const place = new SandboxPlace(await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-sbx-')));
    for (const dir of [place.ws, place.home, place.tmp]) await fsp.mkdir(dir);
    return place;
  }

  async write(file: string, content: string): Promise<void> {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.writeFile(file, content);
  }

  cleanup(): Promise<void> {
    return fsp.rm(this.base, { recursive: true, force: true });
  }
}

export interface SandboxHarness {
  ctx: ToolContext;
  sandbox: CommandSandbox;
  /** What reached the user (the approval card), in order. */
  asked: ApprovalRequest[];
  decide: (request: ApprovalRequest) => ApprovalDecision;
  settings: Settings;
  bash(params: Record<string, unknown>): Promise<ToolResult>;
}

const registry = createDefaultToolRegistry();

/** Bash with the real approval gate, the real runner and the real sandbox (or `sandbox` given). */
/** `root`: where the conversation works when it is not the window's folder `ws` (a worktree, spec §19). */
export function sandboxHarness(place: SandboxPlace, options: { allowedDomains?: string[]; sandbox?: CommandSandbox; runtime?: Partial<RuntimeSandboxOptions>; approval?: Partial<Settings['approval']>; root?: string } = {}): SandboxHarness {
  const settings = defaultSettings();
  settings.sandbox = { enabled: true, allowedDomains: options.allowedDomains ?? [] };
  Object.assign(settings.approval, options.approval);
  const sandbox = options.sandbox ?? new RuntimeSandbox({ settings: () => settings.sandbox, roots: () => [place.ws], home: place.home, tempDir: place.tmp, ...options.runtime });
  const fs = new NodeWorkspaceFs(options.root ?? place.ws);
  const controller = new AbortController();
  const harness: SandboxHarness = {
    asked: [],
    decide: () => ({ decision: 'accepted' }),
    settings,
    sandbox,
    ctx: undefined as unknown as ToolContext,
    bash: (params) => registry.invoke('Bash', params, harness.ctx),
  };
  const approver: Approver = {
    request: async (request) => {
      harness.asked.push(request);
      return harness.decide(request);
    },
  };
  let calls = 0;
  harness.ctx = {
    fs,
    commands: new NodeCommandRunner(options.root ?? place.ws, { sandbox, env: { ...process.env, HOME: place.home } }),
    search: new ScanningTextSearch(fs),
    signal: controller.signal,
    readLedger: new ReadLedger(),
    todos: new InMemoryTodoStore(),
    askUser: async () => 'yes',
    approve: (request) => approvalFor({ approver, settings, turnId: 't1', callId: `c${++calls}`, emit: () => {}, signal: controller.signal })(request),
  };
  return harness;
}
