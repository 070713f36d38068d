import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

// Layering (docs/architecture.md): core is pure, protocol depends only on zod.
const nodeBuiltins = builtinModules.filter((m) => !m.startsWith('_'));
// Exact names, not gitignore-style patterns: a pattern `events` would also forbid the project's own `../events`.
const builtinPaths = (message) => nodeBuiltins.map((name) => ({ name, message }));
const coreNodeMessage = 'src/core must not import Node built-ins: add a port and implement it in src/node.';
const forbidVscodeAndNode = {
  paths: [
    { name: 'vscode', message: 'src/core must not import vscode: add a port in src/core/ports and implement it in src/vscode.' },
    ...builtinPaths(coreNodeMessage),
  ],
  patterns: [
    { group: ['node:*'], message: coreNodeMessage },
    { group: ['**/node/**', '**/vscode/**', '../node', '../vscode'], message: 'src/core must not import the node or vscode layers.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', 'out/**', 'test/fixtures/lint/**', 'sample-workspace/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', forbidVscodeAndNode] },
  },
  {
    files: ['src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/protocol is shared with the webview: zod only.' }, ...builtinPaths('src/protocol is shared with the webview: zod only.')],
        patterns: [
          { group: ['node:*'], message: 'src/protocol is shared with the webview: zod only.' },
          { group: ['../*', '!../protocol'], message: 'src/protocol imports nothing else of the project.' },
        ],
      }],
    },
  },
  {
    files: ['src/node/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/node must not import vscode.' }] }] },
  },
  {
    files: ['webview-ui/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'The webview cannot import vscode; talk through src/protocol.' }, ...builtinPaths('The webview runs in a browser: no Node built-ins.')],
        patterns: [{ group: ['node:*', '**/src/core/**', '**/src/node/**', '**/src/vscode/**'], message: 'The webview may import only src/protocol.' }],
      }],
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly' } },
  },
);
