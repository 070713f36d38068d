import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A temporary git repository for tests of the worktree code, with real git. */
export class TempRepo {
  private constructor(readonly root: string) {}

  /** A repository with `files` committed as its first commit (none when `files` is undefined). */
  static async create(files?: Record<string, string | Uint8Array>): Promise<TempRepo> {
    const root = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-repo-')));
    const repo = new TempRepo(root.split(path.sep).join('/'));
    repo.git('init', '-q', '-b', 'main');
    if (files) {
      await repo.write(files);
      repo.commitAll('first');
    }
    return repo;
  }

  git(...args: string[]): string {
    return gitIn(this.root, ...args);
  }

  async write(files: Record<string, string | Uint8Array>, root = this.root): Promise<void> {
    for (const [rel, content] of Object.entries(files)) {
      const file = path.join(root, rel);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(file, content);
    }
  }

  read(rel: string, root = this.root): Promise<string> {
    return fsp.readFile(path.join(root, rel), 'utf8');
  }

  commitAll(message: string, root = this.root): void {
    gitIn(root, 'add', '-A');
    gitIn(root, 'commit', '-q', '-m', message);
  }

  /** The index as git lists it (mode, blob, stage, path) and what is staged: what must never change. */
  indexState(): string {
    return `${this.git('ls-files', '--stage')}\n--\n${this.git('diff', '--cached', '--name-status')}`;
  }

  status(): string {
    return this.git('status', '--porcelain', '--untracked-files=all');
  }

  async cleanup(...more: string[]): Promise<void> {
    for (const dir of [this.root, ...more]) await fsp.rm(dir, { recursive: true, force: true });
  }
}

export function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function tempDir(prefix: string): Promise<string> {
  return (await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), prefix)))).split(path.sep).join('/');
}
