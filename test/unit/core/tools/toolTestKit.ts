import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ApprovalDecision, ApprovalRequest, FileChange } from '../../../../src/core/tools/approval';
import { ReadLedger } from '../../../../src/core/tools/readLedger';
import { ScanningTextSearch } from '../../../../src/core/tools/scanningTextSearch';
import { InMemoryTodoStore } from '../../../../src/core/tools/todoStore';
import type { ToolContext } from '../../../../src/core/tools/toolTypes';
import { NodeCommandRunner } from '../../../../src/node/nodeCommandRunner';
import { NodeWorkspaceFs } from '../../../../src/node/nodeWorkspaceFs';

/** A real temporary directory standing in for the workspace. */
export class TempWorkspace {
  private constructor(readonly root: string) {}

  static async create(files: Record<string, string> = {}): Promise<TempWorkspace> {
    const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-tools-'));
    const ws = new TempWorkspace(root);
    for (const [rel, content] of Object.entries(files)) await ws.write(rel, content);
    return ws;
  }

  abs(rel: string): string {
    return path.join(this.root, rel);
  }

  async write(rel: string, content: string): Promise<void> {
    await fsp.mkdir(path.dirname(this.abs(rel)), { recursive: true });
    await fsp.writeFile(this.abs(rel), content);
  }

  read(rel: string): Promise<string> {
    return fsp.readFile(this.abs(rel), 'utf8');
  }

  async exists(rel: string): Promise<boolean> {
    return fsp.access(this.abs(rel)).then(() => true, () => false);
  }

  /** Changes a file the way another program would, with an mtime that certainly differs. */
  async touchExternally(rel: string, content: string, secondsAhead = 5): Promise<void> {
    await fsp.writeFile(this.abs(rel), content);
    const later = new Date(Date.now() + secondsAhead * 1000);
    await fsp.utimes(this.abs(rel), later, later);
  }

  cleanup(): Promise<void> {
    return fsp.rm(this.root, { recursive: true, force: true });
  }
}

export interface Harness {
  ctx: ToolContext;
  approvals: ApprovalRequest[];
  questions: { question: string; options?: readonly string[] }[];
  changes: FileChange[];
  todos: InMemoryTodoStore;
  ledger: ReadLedger;
  controller: AbortController;
  /** What the next approvals answer (default: accept as proposed). */
  decide: (request: ApprovalRequest) => ApprovalDecision;
  answer: string;
}

export function makeHarness(ws: TempWorkspace): Harness {
  const fs = new NodeWorkspaceFs(ws.root);
  const controller = new AbortController();
  const ledger = new ReadLedger();
  const todos = new InMemoryTodoStore();
  const harness: Harness = {
    approvals: [],
    questions: [],
    changes: [],
    todos,
    ledger,
    controller,
    decide: () => ({ decision: 'accepted' }),
    answer: 'yes',
    ctx: undefined as unknown as ToolContext,
  };
  harness.ctx = {
    fs,
    commands: new NodeCommandRunner(ws.root),
    search: new ScanningTextSearch(fs),
    signal: controller.signal,
    readLedger: ledger,
    todos,
    askUser: async (question, options) => {
      harness.questions.push({ question, options });
      return harness.answer;
    },
    approve: async (request) => {
      harness.approvals.push(request);
      return harness.decide(request);
    },
    onFileChanged: (change) => harness.changes.push(change),
    // Background processes are reachable only from the conversation that started them (no id sees none).
    conversationId: 'conv-test',
  };
  return harness;
}
