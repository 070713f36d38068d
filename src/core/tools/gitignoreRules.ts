import ignore, { type Ignore } from 'ignore';
import type { WorkspaceFs } from '../ports/workspaceFs';
import { baseName, joinPath, parentPath, relativeTo } from './pathConfinement';

/** Directories no tool ever lists or searches. */
const alwaysSkipped = new Set(['.git']);

/**
 * `.gitignore` semantics for the workspace: the root's `.git/info/exclude` and every `.gitignore`
 * on the way down, deeper files overriding shallower ones, the last matching pattern winning,
 * negation and directory-only patterns included (pattern matching by the `ignore` package, the
 * one ESLint uses). Files are read lazily and cached, so build one instance per tool call.
 */
export class GitignoreRules {
  private readonly perDirectory = new Map<string, Promise<Ignore | undefined>>();

  constructor(private readonly fs: WorkspaceFs) {}

  async isIgnored(path: string, isDirectory: boolean): Promise<boolean> {
    if (path === '.' || path === '') return false;
    const segments = path.split('/');
    if (segments.some((s) => alwaysSkipped.has(s))) return true;
    // A file inside an ignored directory stays ignored whatever its own patterns say (git's rule).
    for (let i = 1; i < segments.length; i++) {
      if (await this.matches(segments.slice(0, i).join('/'), true)) return true;
    }
    return this.matches(path, isDirectory);
  }

  /** Only the path's own patterns; callers that walk top-down have already checked the parents. */
  async matches(path: string, isDirectory: boolean): Promise<boolean> {
    if (alwaysSkipped.has(baseName(path))) return true;
    let ignored = false;
    const directories = ['.', ...ancestorsOf(path)];
    for (const dir of directories) {
      const rules = await this.rulesOf(dir);
      if (!rules) continue;
      const rel = relativeTo(dir, path) + (isDirectory ? '/' : '');
      const verdict = rules.test(rel);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }

  private rulesOf(dir: string): Promise<Ignore | undefined> {
    let rules = this.perDirectory.get(dir);
    if (!rules) {
      rules = this.load(dir);
      this.perDirectory.set(dir, rules);
    }
    return rules;
  }

  private async load(dir: string): Promise<Ignore | undefined> {
    const sources = dir === '.' ? ['.git/info/exclude', '.gitignore'] : [joinPath(dir, '.gitignore')];
    const texts: string[] = [];
    for (const source of sources) {
      const text = await this.fs.readFile(source).catch(() => undefined);
      if (text !== undefined) texts.push(text);
    }
    return texts.length === 0 ? undefined : ignore({ ignorecase: false }).add(texts.join('\n'));
  }
}

/** 'a/b/c' → ['a', 'a/b']: the directories strictly between the root and the path. */
function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  let dir = parentPath(path);
  while (dir !== '.') {
    out.unshift(dir);
    dir = parentPath(dir);
  }
  return out;
}
