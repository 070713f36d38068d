/** Asks the user for one value (VS Code: an input box). Resolves undefined when the user dismissed it. */
export interface UserInputPrompt {
  ask(request: { title: string; prompt: string; defaultValue?: string }, signal: AbortSignal): Promise<string | undefined>;
}
