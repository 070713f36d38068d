import * as path from 'node:path';
import { BashParser } from '../../src/node/shell/bashParser';

const root = path.resolve(__dirname, '..', '..');

/** The real tree-sitter bash parser, loaded from node_modules as the build copies it into dist/. */
export function testShellParser(platform: NodeJS.Platform = 'linux'): BashParser {
  return new BashParser({
    runtimeWasm: path.join(root, 'node_modules', 'web-tree-sitter', 'web-tree-sitter.wasm'),
    grammarWasm: path.join(root, 'node_modules', 'tree-sitter-bash', 'tree-sitter-bash.wasm'),
    platform,
  });
}
