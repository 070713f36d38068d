import type { z } from 'zod';
import type { CommandRunner } from '../ports/commandRunner';
import type { ImageAttachment, ToolSpec } from '../ports/modelClient';
import type { TextSearch } from '../ports/textSearch';
import type { WorkspaceFs } from '../ports/workspaceFs';
import type { PlanControl } from '../plan/planControl';
import type { SubagentOutcome, SubagentRequest } from '../contracts/subagentRequest';
import type { ApprovalDecision, ApprovalRequest, FileChange } from './approval';
import type { ReadLedger } from './readLedger';
import type { TodoStore } from './todoStore';

export interface ToolError {
  code: string;
  message: string;
}

export interface ToolResult {
  status: 'success' | 'error';
  data: unknown;
  error?: ToolError;
  /** The full observation the model sees within the turn. */
  text: string;
  /** Images the model sees beside the text (Read of an image, spec §16); history keeps them until compaction. */
  images?: ImageAttachment[];
}

/** read: no side effects; edit: changes files; command: runs a process; interactive: waits for the user; control: steers the loop. */
export type ToolKind = 'read' | 'edit' | 'command' | 'interactive' | 'control';

export interface ToolContext {
  fs: WorkspaceFs;
  commands: CommandRunner;
  search: TextSearch;
  /** False: the model takes no images, Read describes them instead (`codeagent.model.supportsImages`). */
  supportsImages?: boolean;
  /** Cancels the running tool (the user pressed Stop). */
  signal: AbortSignal;
  readLedger: ReadLedger;
  todos: TodoStore;
  askUser(question: string, options?: readonly string[]): Promise<string>;
  approve(request: ApprovalRequest): Promise<ApprovalDecision>;
  /** Live command output for the UI. */
  onOutput?(chunk: string): void;
  /** Called after every file a tool wrote (spec §8 change list). */
  onFileChanged?(change: FileChange): void;
  /** The conversation running the tool (spec §16): the background processes it starts are its own. */
  conversationId?: string;
  /** The id of the call being run (the Task tool nests its child's events under it). */
  callId?: string;
  /** The conversation's plan (spec §7; the Task tool needs only its PlanBoard part); absent where the plan tools are not offered. */
  plan?: PlanControl;
  /** Runs a child agent for the Task tool; absent inside a child, so Task cannot recurse. */
  runSubagent?(request: SubagentRequest, signal: AbortSignal): Promise<SubagentOutcome>;
}

export interface ToolDefinition<P> {
  name: string;
  kind: ToolKind;
  schema: z.ZodType<P>;
  /** The native function-calling declaration when it is not the zod schema's (an MCP server's own JSON schema). */
  inputJsonSchema?: Record<string, unknown>;
  /** Prompt documentation (Markdown): description, parameters, one XML example. */
  doc: string;
  /** The provider's own tool type to declare instead of the schema, when the request's model knows it (spec §21). */
  anthropicNative?: () => ToolSpec['anthropicNative'];
  /** Parameter tag names in doc order, for the XML stream parser. */
  paramNames: readonly string[];
  run(params: P, ctx: ToolContext): Promise<ToolResult>;
  /** History record (spec §4, seed 001 §A3/§C1): status, compressed data, full error; text dropped. */
  compress(params: P, result: ToolResult): string;
}

/** Any tool, as the registry holds them (method parameters are bivariant, so every ToolDefinition<P> fits). */
export type AnyToolDefinition = ToolDefinition<unknown>;
