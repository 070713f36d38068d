import { strict as assert } from 'node:assert';
import { watchedGlob } from '../../../src/vscode/files/watchedGlob';

describe('watchedGlob: a watcher is rooted at the deepest folder its glob names, never at the home folder', () => {
  it('moves the literal leading folders of the glob into the watched folder', () => {
    assert.deepEqual(watchedGlob('/home/u', '.claude/commands/**/*.md'), { folder: '/home/u/.claude/commands', pattern: '**/*.md' });
    assert.deepEqual(watchedGlob('/home/u', '.codeagent/agents/*.md'), { folder: '/home/u/.codeagent/agents', pattern: '*.md' });
    assert.deepEqual(watchedGlob('/home/u/', '.claude/skills/**'), { folder: '/home/u/.claude/skills', pattern: '**' });
  });

  it('a single file is watched from its own folder, by name (no recursive watch)', () => {
    assert.deepEqual(watchedGlob('/home/u', '.claude/settings.json'), { folder: '/home/u/.claude', pattern: 'settings.json' });
    assert.deepEqual(watchedGlob('/w', 'AGENTS.md'), { folder: '/w', pattern: 'AGENTS.md' });
  });

  it('stops at the first segment with a glob character', () => {
    assert.deepEqual(watchedGlob('/w', '.github/{prompts,agents}/*.md'), { folder: '/w/.github', pattern: '{prompts,agents}/*.md' });
    assert.deepEqual(watchedGlob('/w', '**/*.ts'), { folder: '/w', pattern: '**/*.ts' });
    assert.deepEqual(watchedGlob('/w', 'src/[ab]/x.ts'), { folder: '/w/src', pattern: '[ab]/x.ts' });
  });

  it('no pattern the extension watches under the home folder is left with a folder in it (VS Code would watch home recursively)', () => {
    const userGlobs = ['.codeagent/commands/**/*.md', '.claude/commands/**/*.md', '.codeagent/agents/*.md', '.claude/skills/**', '.claude/settings.json', '.codeagent/hooks.json'];
    for (const glob of userGlobs) {
      const { folder, pattern } = watchedGlob('/home/u', glob);
      assert.notEqual(folder, '/home/u', glob);
      assert.ok(!/^[^*?[{]+\//.test(pattern), `${glob}: the pattern ${pattern} still starts with a literal folder`);
    }
  });
});

describe('file watchers go through watchFiles', () => {
  it('no source file but watchFiles (and the workspace-wide path index) creates a file watcher itself', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const root = path.join(__dirname, '../../../src');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts'));
    const creators = [];
    for (const file of files) if ((await readFile(path.join(root, file), 'utf8')).includes('createFileSystemWatcher(')) creators.push(file.split(path.sep).join('/'));
    assert.deepEqual(creators.sort(), ['vscode/files/watchFiles.ts', 'vscode/workspacePathIndex.ts']);
  });
});
