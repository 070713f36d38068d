interface PendingWrite {
  write: () => Promise<void>;
  done: Promise<void>;
}

interface KeyState {
  /** Settles when every write asked for so far has finished. */
  idle: Promise<void>;
  /** Asked for but not started: a newer request replaces its write. */
  next?: PendingWrite;
}

/**
 * Runs the writes of one key one after another, in call order. Of the requests that arrive while one runs only
 * the last is carried out, and all their callers settle with it: each write must do the work of those it
 * replaces (it replaces the whole file, or writes everything still pending).
 */
export class ConversationFileWriteQueue {
  private readonly keys = new Map<string, KeyState>();

  run(key: string, write: () => Promise<void>): Promise<void> {
    const state = this.keys.get(key) ?? { idle: Promise.resolve() };
    if (state.next) {
      state.next.write = write;
      return state.next.done;
    }
    const next: PendingWrite = { write, done: Promise.resolve() };
    next.done = state.idle.then(() => {
      state.next = undefined;
      return next.write();
    });
    state.next = next;
    const idle = next.done.then(ignore, ignore);
    state.idle = idle;
    this.keys.set(key, state);
    void idle.then(() => {
      if (state.idle === idle) this.keys.delete(key);
    });
    return next.done;
  }

  /** True while a write of key runs or waits. */
  busy(key: string): boolean {
    return this.keys.has(key);
  }

  /** Resolves once every write of key asked for so far has finished, whether it succeeded or not. */
  settled(key: string): Promise<void> {
    return this.keys.get(key)?.idle ?? Promise.resolve();
  }
}

function ignore(): void {}
