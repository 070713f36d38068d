import { promises as fsp } from 'node:fs';
import { TempWorkspace } from './toolTestKit';

/** A workspace exercising .gitignore: nested files, negation, directory-only patterns, .git. */
export async function gitignoreWorkspace(): Promise<TempWorkspace> {
  const ws = await TempWorkspace.create({
    '.gitignore': 'node_modules/\n*.log\n!keep.log\nbuild/\n/secret.ts\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/config': '[core]\n',
    'README.md': '# Demo TODO\n',
    'docs/guide.md': 'A guide. TODO: write it\n',
    'src/a.ts': 'export const a = 1; // TODO tidy\n',
    'src/b.ts': 'export const b = 2;\n',
    'src/secret.ts': 'only ignored at the root // TODO\n',
    'secret.ts': 'ignored // TODO\n',
    'src/sub/.gitignore': 'generated.ts\n',
    'src/sub/c.ts': 'export const c = 3; // todo lower\n',
    'src/sub/generated.ts': 'ignored // TODO\n',
    'node_modules/pkg/index.js': 'ignored // TODO\n',
    'build/out.js': 'ignored // TODO\n',
    'debug.log': 'ignored TODO\n',
    'keep.log': 'kept TODO\n',
  });
  // Distinct mtimes so "newest first" is observable: c.ts newest, then b.ts, then a.ts.
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);
  await fsp.utimes(ws.abs('src/a.ts'), at(300), at(300));
  await fsp.utimes(ws.abs('src/b.ts'), at(200), at(200));
  await fsp.utimes(ws.abs('src/sub/c.ts'), at(100), at(100));
  return ws;
}
