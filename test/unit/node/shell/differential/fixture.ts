import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Issue 54's fixture: a small git repository with a canary `.env`, an `id_rsa`, a HOME with `~/.ssh/id_rsa`, a file
 * named `-delete`, and a bare repository committed as files under `vendor/evil.git` whose configuration runs a
 * script (pager, fsmonitor, external diff, textconv) that leaves a marker file. Built once as a template, then copied
 * to `work` where each judged-read-only line runs; the copy is reset only when a run changed something.
 */
export interface Fixture {
  template: string;
  work: string;
  home: string;
  /** Hex tokens whose text (any 12 characters of it, any case) must never come out of a command. */
  tokens: Record<'env' | 'idRsa' | 'homeKey' | 'apiKey', string>;
}

const token = () => randomBytes(16).toString('hex');

function git(cwd: string, args: string[]): void {
  execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgSign=false', ...args], {
    cwd,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      HOME: cwd,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Fixture',
      GIT_AUTHOR_EMAIL: 'fixture@example.invalid',
      GIT_COMMITTER_NAME: 'Fixture',
      GIT_COMMITTER_EMAIL: 'fixture@example.invalid',
      GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
    },
  });
}

function write(file: string, text: string, mode?: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, mode === undefined ? undefined : { mode });
}

/** The bare repository a cloned project could carry: its config runs `script` wherever git lets it. */
function evilBareRepository(root: string, into: string, script: string): void {
  const source = path.join(root, 'evil-source');
  fs.mkdirSync(source);
  git(source, ['init', '-q']);
  write(path.join(source, 'data.bin'), 'one\n');
  git(source, ['add', '.']);
  git(source, ['commit', '-q', '-m', 'one']);
  write(path.join(source, 'data.bin'), 'two\n');
  git(source, ['commit', '-q', '-am', 'two']);
  git(root, ['clone', '-q', '--bare', source, into]);
  fs.rmSync(source, { recursive: true, force: true });
  fs.rmSync(path.join(into, 'hooks'), { recursive: true, force: true });
  fs.appendFileSync(path.join(into, 'config'), [
    '[core]', `\tpager = ${script} pager`, `\tfsmonitor = ${script} fsmonitor`, `\tsshCommand = ${script} ssh`,
    '[diff]', `\texternal = ${script} external`,
    '[diff "evil"]', `\ttextconv = ${script} textconv`, `\tcommand = ${script} command`,
    '[log]', '\tshowSignature = true', '[gpg]', `\tprogram = ${script} gpg`,
    '[alias]', `\tst = !${script} alias`, '',
  ].join('\n'));
  write(path.join(into, 'info', 'attributes'), '* diff=evil\n');
}

/** Builds the template under `root` (a fresh temporary folder) and its first copy. */
export function buildFixture(root: string): Fixture {
  const template = path.join(root, 'template');
  const work = path.join(root, 'work');
  const home = path.join(work, 'home');
  const tokens = { env: token(), idRsa: token(), homeKey: token(), apiKey: token() };
  const script = path.join(work, 'vendor', 'evil.sh');
  fs.mkdirSync(template);
  write(path.join(template, 'README.md'), '# Fixture\n\nA project the differential test runs commands in.\n');
  write(path.join(template, 'src', 'a.ts'), 'export const a = 1;\n');
  write(path.join(template, 'src', 'b.ts'), 'export const b = 2;\n');
  write(path.join(template, 'a'), 'alpha\nbeta\nalpha\n');
  write(path.join(template, 'b'), 'beta\ngamma\n');
  write(path.join(template, 'notes.txt'), 'TODO: nothing\n');
  write(path.join(template, '-delete'), 'a file named -delete\n');
  write(path.join(template, '.gitignore'), '.env\nid_rsa\nhome/\n');
  write(path.join(template, 'vendor', 'evil.sh'), `#!/bin/sh\necho "$*" >> '${path.join(work, 'PWNED-by-git-config')}'\n`, 0o755);
  git(template, ['init', '-q']);
  evilBareRepository(root, path.join(template, 'vendor', 'evil.git'), script);
  git(template, ['add', '.']);
  git(template, ['commit', '-q', '-m', 'first']);
  write(path.join(template, 'src', 'a.ts'), 'export const a = 10;\n');
  git(template, ['commit', '-q', '-am', 'second']);
  // Written after the commits: ignored secrets, and a change `git diff` shows.
  write(path.join(template, 'README.md'), '# Fixture\n\nA project the differential test runs commands in, edited.\n');
  write(path.join(template, '.env'), `API_KEY=${tokens.env}\n`);
  write(path.join(template, 'id_rsa'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${tokens.idRsa}\n-----END OPENSSH PRIVATE KEY-----\n`, 0o600);
  write(path.join(template, 'home', '.ssh', 'id_rsa'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${tokens.homeKey}\n-----END OPENSSH PRIVATE KEY-----\n`, 0o600);
  write(path.join(template, 'home', '.bashrc'), 'echo sourced-bashrc\n');
  // Old times everywhere: no file is "racily clean" against the index refreshed after each copy.
  const old = new Date('2026-01-01T00:00:00Z');
  const age = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) age(full);
      fs.utimesSync(full, old, old);
    }
  };
  age(template);
  const fixture = { template, work, home, tokens };
  resetWork(fixture);
  return fixture;
}

/**
 * `work` becomes an exact copy of the template (modes and times kept), its index refreshed as a working repository's
 * is: a copy changes every file's inode and ctime, and `git diff` would otherwise rewrite `.git/index` to record
 * them (GIT_OPTIONAL_LOCKS=0 keeps only `git status` from doing so). Any later change of the index still fails.
 */
export function resetWork(fixture: Fixture): void {
  fs.rmSync(fixture.work, { recursive: true, force: true });
  execFileSync('cp', ['-a', fixture.template, fixture.work]);
  git(fixture.work, ['update-index', '-q', '--refresh']);
}

interface Entry {
  kind: string;
  size: number;
  mode: number;
  mtimeMs: number;
  /** Changes with any write or metadata change, and no program can set it back. */
  ctimeMs: number;
  link?: string;
}

export type Snapshot = Map<string, Entry>;

/** Every path under `folder` with its type, size, mode, mtime and ctime (a changed content changes both times). */
export function snapshot(folder: string): Snapshot {
  const entries: Snapshot = new Map();
  const visit = (relative: string): void => {
    const full = path.join(folder, relative);
    const stat = fs.lstatSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    const kind = stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : stat.isSymbolicLink() ? 'link' : 'other';
    // A folder's own times change with what it holds: its entries are compared instead.
    const dir = kind === 'dir';
    const entry: Entry = { kind, size: dir ? 0 : stat.size, mode: stat.mode, mtimeMs: dir ? 0 : stat.mtimeMs, ctimeMs: dir ? 0 : stat.ctimeMs };
    if (kind === 'link') entry.link = fs.readlinkSync(full);
    entries.set(relative, entry);
    if (kind === 'dir') for (const name of fs.readdirSync(full)) visit(relative === '' ? name : path.join(relative, name));
  };
  visit('');
  return entries;
}

/** What differs between two snapshots, as `created x`, `deleted y`, `changed z (size, content)`. */
export function differences(before: Snapshot, after: Snapshot): string[] {
  const found: string[] = [];
  for (const [name, entry] of after) {
    const old = before.get(name);
    if (!old) {
      found.push(`created ${name || '.'}`);
      continue;
    }
    const what = (['kind', 'size', 'mode', 'mtimeMs', 'ctimeMs', 'link'] as const).filter((key) => old[key] !== entry[key]);
    if (what.length > 0) found.push(`changed ${name || '.'} (${what.join(', ')})`);
  }
  for (const name of before.keys()) if (!after.has(name)) found.push(`deleted ${name}`);
  return found;
}
