import * as os from 'node:os';
import * as path from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import type { ParsedShellCommand, ShellParseOptions, ShellParser } from '../../core/ports/shellParser';
import { simpleCommands, type FoundCommand } from './syntaxTreeCommands';
import { coverageProblem } from './lineCoverage';
import { expandGlob, wordOnDisk } from './globExpansion';
import { note } from './shellWords';

export interface BashParserOptions {
  /** web-tree-sitter's own wasm and tree-sitter-bash's grammar. */
  runtimeWasm: string;
  grammarWasm: string;
  /** cmd.exe runs the commands on Windows: its syntax is not bash's, so nothing is parsed (they always ask). */
  platform?: NodeJS.Platform;
  /** Where `~/` leads when a glob or a link is resolved; the user's home by default. */
  home?: string;
}

/** Where the build puts both wasm files (scripts/build.mjs): beside the bundle, in dist/. */
export function bundledParserWasm(extensionRoot: string): Pick<BashParserOptions, 'runtimeWasm' | 'grammarWasm'> {
  return { runtimeWasm: path.join(extensionRoot, 'dist', 'web-tree-sitter.wasm'), grammarWasm: path.join(extensionRoot, 'dist', 'tree-sitter-bash.wasm') };
}

/** Spec §23: tree-sitter's bash grammar, loaded once, on the first command that needs it. */
export class BashParser implements ShellParser {
  private parser: Promise<Parser> | undefined;

  constructor(private readonly options: BashParserOptions) {}

  async parse(command: string, options?: ShellParseOptions): Promise<ParsedShellCommand> {
    if ((this.options.platform ?? process.platform) === 'win32') return { ok: false, reason: 'the Windows shell is not parsed' };
    let parser: Parser;
    try {
      parser = await this.load();
    } catch (error) {
      this.parser = undefined;
      return { ok: false, reason: `the shell parser could not load (${error instanceof Error ? error.message : String(error)})` };
    }
    const tree = parser.parse(command);
    if (!tree) return { ok: false, reason: 'a syntax error' };
    let found: FoundCommand[];
    try {
      if (tree.rootNode.hasError) return { ok: false, reason: 'a syntax error' };
      const problem = coverageProblem(tree.rootNode, command);
      if (problem) return { ok: false, reason: problem };
      found = simpleCommands(tree.rootNode);
    } finally {
      tree.delete();
    }
    if (options?.cwd !== undefined) await this.resolveFiles(found, options.cwd);
    return { ok: true, commands: found.map((each) => each.command) };
  }

  /**
   * Spec §23: globs become the files bash would pass, and words that name a symbolic link get its real path, in the
   * folder each command runs in (a literal `cd` moves it for the commands after it).
   */
  private async resolveFiles(found: FoundCommand[], start: string): Promise<void> {
    const home = this.options.home ?? os.homedir();
    let cwd = start;
    for (const { command, globWords } of found) {
      for (const index of [...globWords].reverse()) {
        const matches = await expandGlob(command.words[index]!, cwd, home);
        if (!matches) {
          note(command, 'a glob that cannot be expanded before it runs');
          continue;
        }
        command.words.splice(index, 1, ...matches);
        command.spans.splice(index, 1, ...matches.map(() => command.spans[index]!));
      }
      command.globsExpanded = true;
      command.folders = [];
      for (const word of command.words.slice(1)) {
        const named = await wordOnDisk(word, cwd, home);
        if (named?.link !== undefined) command.links.push(named.link);
        if (named?.folder) command.folders.push(word);
      }
      if (command.words[0] === 'cd' && command.words.length === 2 && command.unknowns.length === 0) cwd = path.resolve(cwd, command.words[1]!);
    }
  }

  private load(): Promise<Parser> {
    this.parser ??= (async () => {
      const { runtimeWasm, grammarWasm } = this.options;
      await Parser.init({ locateFile: () => runtimeWasm });
      const parser = new Parser();
      parser.setLanguage(await Language.load(grammarWasm));
      return parser;
    })();
    return this.parser;
  }
}
