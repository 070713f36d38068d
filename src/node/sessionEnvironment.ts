import * as os from 'node:os';
import type { SessionEnvironment } from '../core/contracts/sessionEnvironment';
import { commandShell } from './shellInvocation';

/** What the system prompt's Environment section says: the shell is the one NodeCommandRunner really uses. */
export function sessionEnvironment(workspaceRoot: string): SessionEnvironment {
  return { os: `${os.type()} ${os.release()} (${process.platform})`, shell: commandShell(), workspaceRoot };
}
