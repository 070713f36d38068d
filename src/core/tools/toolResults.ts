import type { ToolResult } from './toolTypes';
import { errorMessage } from '../errorMessage';

/** Thrown inside resolvers for a failure the model should read; the registry turns it into an error result. */
export class ToolFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown = undefined,
  ) {
    super(message);
    this.name = 'ToolFailure';
  }
}

export function success(data: unknown, text: string): ToolResult {
  return { status: 'success', data, text };
}

export function failure(code: string, message: string, data: unknown = undefined): ToolResult {
  return { status: 'error', data, error: { code, message }, text: `Error (${code}): ${message}` };
}

const errnoCodes: Record<string, string> = {
  ENOENT: 'file_not_found',
  ENOTDIR: 'not_a_directory',
  EISDIR: 'is_directory',
  EACCES: 'permission_denied',
  EPERM: 'permission_denied',
  EEXIST: 'already_exists',
  ENOSPC: 'disk_full',
  EROFS: 'read_only_filesystem',
  ELOOP: 'symlink_loop',
  ENAMETOOLONG: 'name_too_long',
  ENOTUTF8: 'not_utf8',
};

/** Any exception from a resolver as an error result: never a throw into the agent loop. */
export function failureFromException(error: unknown, signal?: AbortSignal): ToolResult {
  if (error instanceof ToolFailure) return failure(error.code, error.message, error.data);
  if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) {
    return failure('cancelled', 'The tool was cancelled by the user.');
  }
  const errno = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = errorMessage(error);
  if (typeof errno === 'string' && errnoCodes[errno]) return failure(errnoCodes[errno], message);
  return failure('tool_failed', message);
}

export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new ToolFailure('cancelled', 'The tool was cancelled by the user.');
}
