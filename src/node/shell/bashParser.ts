import * as path from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import type { ParsedShellCommand, ShellParseOptions, ShellParser } from '../../core/ports/shellParser';
import { simpleCommands } from './syntaxTreeCommands';

export interface BashParserOptions {
  /** web-tree-sitter's own wasm and tree-sitter-bash's grammar. */
  runtimeWasm: string;
  grammarWasm: string;
  /** cmd.exe runs the commands on Windows: its syntax is not bash's, so nothing is parsed (they always ask). */
  platform?: NodeJS.Platform;
}

/** Where the build puts both wasm files (scripts/build.mjs): beside the bundle, in dist/. */
export function bundledParserWasm(extensionRoot: string): Pick<BashParserOptions, 'runtimeWasm' | 'grammarWasm'> {
  return { runtimeWasm: path.join(extensionRoot, 'dist', 'web-tree-sitter.wasm'), grammarWasm: path.join(extensionRoot, 'dist', 'tree-sitter-bash.wasm') };
}

/** Spec §23: tree-sitter's bash grammar, loaded once, on the first command that needs it. */
export class BashParser implements ShellParser {
  private parser: Promise<Parser> | undefined;

  constructor(private readonly options: BashParserOptions) {}

  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- globs are expanded in `options.cwd` (next commit)
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
    try {
      if (tree.rootNode.hasError) return { ok: false, reason: 'a syntax error' };
      return { ok: true, commands: simpleCommands(tree.rootNode) };
    } finally {
      tree.delete();
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
