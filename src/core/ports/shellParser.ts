/**
 * Spec §23: a command line as a real shell parser reads it (tree-sitter's bash grammar, src/node/shell/), as data
 * core can judge without running anything.
 */

export interface ShellRedirect {
  /** The operator as written: `>`, `>>`, `>|`, `&>`, `&>>`, `<`, `<>`, `>&`, `<&`, `<<`, `<<-`, `<<<`. */
  op: string;
  /** The file (or descriptor, for `2>&1`), quoting resolved; '' for a here-doc or a here-string. */
  target: string;
}

/** One simple command: `FOO=1 git log -n 3 > out.txt`. */
export interface SimpleCommand {
  /** The words after quoting is resolved, the command's name first; an expansion keeps its `$…` text. */
  words: string[];
  /** `NAME=value` written before the command. */
  assignments: string[];
  redirects: ShellRedirect[];
  /**
   * What cannot be judged without running the shell, in words for the card: `command substitution`, `a variable
   * as the command name`, `ANSI-C quoting`, … Empty when the words above are all the command is.
   */
  unknowns: string[];
  /** Words with an unquoted glob (`*.ts`, `.e?v`), as written: they name files only the shell knows. */
  globs: string[];
  /** The parser expanded the globs in the command's folder (`ShellParseOptions.cwd`): `words` holds the matches. */
  globsExpanded?: boolean;
  /**
   * Where each word of `words` is written in the line (UTF-16 offsets, end exclusive), for a command rewritten
   * before it runs (read-only git's safe options, spec §23); a glob's matches share the glob's span.
   */
  spans: Array<{ start: number; end: number }>;
  /** Real paths of the words that name a symbolic link (in the command's folder): what the command really reads. */
  links: string[];
  /** The words that name a folder (in the command's folder), once the parser looked (`ShellParseOptions.cwd`). */
  folders?: string[];
}

export type ParsedShellCommand =
  /** Every simple command of the line, in order, those inside `$(…)`, `<(…)` and backticks included. */
  | { ok: true; commands: SimpleCommand[] }
  /** Not parsed, or not fully: why, for the card (`a syntax error`, `the Windows shell is not parsed`). */
  | { ok: false; reason: string };

export interface ShellParseOptions {
  /** The absolute folder the command runs in: globs are expanded there as bash would (spec §23). */
  cwd?: string;
}

export interface ShellParser {
  parse(command: string, options?: ShellParseOptions): Promise<ParsedShellCommand>;
}
