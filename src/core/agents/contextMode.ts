/** Whether a named agent sees only its own earlier exchanges or the main conversation (spec §7, seed 003). */
export type ContextMode = 'isolated' | 'shared';

export const contextModes: readonly ContextMode[] = ['isolated', 'shared'];

export function isContextMode(value: unknown): value is ContextMode {
  return value === 'isolated' || value === 'shared';
}

/** Which level chose the mode; `allowSharedContext` means the setting forced `isolated` over a `shared` request. */
export type ContextModeLevel = 'flag' | 'session' | 'agentFile' | 'setting' | 'default' | 'allowSharedContext';

export interface ContextModeInputs {
  /** `--shared` / `--isolated` / `--context …` on this run. */
  flag?: ContextMode;
  /** `/agents context <name> --mode …`, for the rest of the conversation. */
  session?: ContextMode;
  /** The agent file's `contextMode`. */
  file?: ContextMode;
  /** `codeagent.agents.defaultContextMode`. */
  settingDefault?: ContextMode;
  /** `codeagent.agents.allowSharedContext`. */
  allowShared: boolean;
}

export interface ResolvedContextMode {
  mode: ContextMode;
  decidedBy: ContextModeLevel;
  /** Set when `allowShared` is false and a level asked for `shared`: who asked. */
  overruled?: Exclude<ContextModeLevel, 'allowSharedContext'>;
}

/** Precedence: flag > session override > agent file > setting > `isolated`; `allowShared === false` forces `isolated`. */
export function resolveContextMode(inputs: ContextModeInputs): ResolvedContextMode {
  const levels: [Exclude<ContextModeLevel, 'allowSharedContext'>, ContextMode | undefined][] = [
    ['flag', inputs.flag],
    ['session', inputs.session],
    ['agentFile', inputs.file],
    ['setting', inputs.settingDefault],
  ];
  const found = levels.find(([, mode]) => mode !== undefined);
  const [decidedBy, mode] = found ? [found[0], found[1]!] : (['default', 'isolated'] as const);
  if (mode === 'shared' && !inputs.allowShared) return { mode: 'isolated', decidedBy: 'allowSharedContext', overruled: decidedBy };
  return { mode, decidedBy };
}
