import type { WebviewMessage } from '../src/protocol/messages';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const api = acquireVsCodeApi();

export function post(message: WebviewMessage): void {
  api.postMessage(message);
}

/** View-only state (the draft being typed) survives the view being hidden and shown again. */
export function saveViewState(state: { draft: string }): void {
  api.setState(state);
}

export function loadViewState(): { draft: string } {
  const state = api.getState() as { draft?: unknown } | undefined;
  return { draft: typeof state?.draft === 'string' ? state.draft : '' };
}
