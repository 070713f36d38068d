// The language-model part of the fake `vscode` module (issue 55): the LanguageModel* classes as VS Code 1.104+ has
// them, and an `lm` namespace whose models a test sets. Re-exported by fakeVscode.ts.

export enum LanguageModelChatMessageRole { User = 1, Assistant = 2 }
export enum LanguageModelChatToolMode { Auto = 1, Required = 2 }

export class LanguageModelTextPart {
  constructor(public value: string) {}
}

export class LanguageModelThinkingPart {
  constructor(public value: string | string[], public id?: string) {}
}

export class LanguageModelDataPart {
  constructor(public data: Uint8Array, public mimeType: string) {}
  static image(data: Uint8Array, mimeType: string): LanguageModelDataPart {
    return new LanguageModelDataPart(data, mimeType);
  }
}

export class LanguageModelToolCallPart {
  constructor(public callId: string, public name: string, public input: object) {}
}

export class LanguageModelToolResultPart {
  constructor(public callId: string, public content: unknown[]) {}
}

export class LanguageModelChatMessage {
  static User(content: string | unknown[], name?: string): LanguageModelChatMessage {
    return new LanguageModelChatMessage(LanguageModelChatMessageRole.User, content, name);
  }
  static Assistant(content: string | unknown[], name?: string): LanguageModelChatMessage {
    return new LanguageModelChatMessage(LanguageModelChatMessageRole.Assistant, content, name);
  }
  content: unknown[];
  constructor(public role: LanguageModelChatMessageRole, content: string | unknown[], public name?: string) {
    this.content = typeof content === 'string' ? [new LanguageModelTextPart(content)] : content;
  }
}

export class LanguageModelError extends Error {
  static NoPermissions(message?: string): LanguageModelError {
    return new LanguageModelError(message ?? 'no permissions', 'NoPermissions');
  }
  static Blocked(message?: string): LanguageModelError {
    return new LanguageModelError(message ?? 'blocked', 'Blocked');
  }
  static NotFound(message?: string): LanguageModelError {
    return new LanguageModelError(message ?? 'not found', 'NotFound');
  }
  constructor(message: string, readonly code: string) {
    super(message);
    this.name = code;
  }
}

export class CancellationError extends Error {}

interface Token {
  isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

export class CancellationTokenSource {
  private readonly listeners = new Set<() => void>();
  readonly token: Token;
  constructor() {
    const listeners = this.listeners;
    this.token = {
      isCancellationRequested: false,
      onCancellationRequested: (listener) => {
        // As VS Code's: a token cancelled already calls a new listener at once.
        if (this.token.isCancellationRequested) {
          queueMicrotask(listener);
          return { dispose: () => {} };
        }
        listeners.add(listener);
        return { dispose: () => listeners.delete(listener) };
      },
    };
  }
  cancel(): void {
    if (this.token.isCancellationRequested) return;
    this.token.isCancellationRequested = true;
    for (const listener of [...this.listeners]) listener();
  }
  dispose(): void {
    this.listeners.clear();
  }
}

/** What `lm.selectChatModels` answers: set by a test (a fake LanguageModelChat each). */
export const fakeLmState = {
  models: [] as unknown[],
  changeListeners: new Set<() => void>(),
};

export function setFakeChatModels(models: unknown[]): void {
  fakeLmState.models = models;
  for (const listener of [...fakeLmState.changeListeners]) listener();
}

export const lm = {
  async selectChatModels(selector: { vendor?: string; family?: string; id?: string } = {}): Promise<unknown[]> {
    return fakeLmState.models.filter((model) => {
      const m = model as Record<string, unknown>;
      return (!selector.vendor || m.vendor === selector.vendor) && (!selector.family || m.family === selector.family) && (!selector.id || m.id === selector.id);
    });
  },
  onDidChangeChatModels(listener: () => void) {
    fakeLmState.changeListeners.add(listener);
    return { dispose: () => fakeLmState.changeListeners.delete(listener) };
  },
};
