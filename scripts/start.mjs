// `npm start [workspacePath]`: builds and packages the extension, then opens the workspace
// (default: sample-workspace/) with CodeAgent loaded —
//   - in desktop VS Code when a `code` CLI is on PATH (--extensionDevelopmentPath=<project>);
//   - otherwise in code-server (VS Code in the browser, offline-capable): prints the URL and
//     runs until Ctrl-C.
// Env: CODEAGENT_PORT (default 8080, or the next free port), CODEAGENT_SKIP_PACKAGE=1.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import {
  checkSystemDeps, codeServerEntry, codeServerNode, freePortFrom, installVsix, packageExtension, phase, provisionCodeServer, root, vsixPath,
} from './codeServer.mjs';

const QUIET_USER_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'git.openRepositoryInParentFolders': 'never',
};

const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const workspace = path.resolve(invokedFrom, process.argv[2] ?? path.join(root, 'sample-workspace'));
if (!fs.existsSync(workspace) || !fs.statSync(workspace).isDirectory()) {
  console.error(`workspace ${workspace} is not a directory`);
  process.exit(1);
}

function onPath(cmd) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, cmd), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** A child of ours in its own process group, stopped with us (Ctrl-C, kill, normal exit). */
function runUntilSignal(cmd, args, options) {
  const child = spawn(cmd, args, { stdio: 'inherit', detached: true, ...options });
  const stop = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      stop(signal === 'SIGHUP' ? 'SIGTERM' : signal);
      setTimeout(() => stop('SIGKILL'), 5000).unref();
    });
  }
  process.on('exit', () => stop('SIGKILL'));
  // Under `npm start`, npm may die without passing the signal on (SIGTERM, closed terminal):
  // stop with it instead of leaving code-server behind.
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
    }, 1000).unref();
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
  return child;
}

function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const req = http.get(url, { timeout: 2000 }, (res) => {
        res.resume();
        resolve();
      });
      req.on('error', retry);
      req.on('timeout', () => req.destroy());
    };
    const retry = () => (Date.now() > deadline ? reject(new Error(`${url} did not answer within ${timeoutMs} ms`)) : setTimeout(attempt, 200));
    attempt();
  });
}

try {
  if (process.env.CODEAGENT_SKIP_PACKAGE === '1') console.log(`skipping package (CODEAGENT_SKIP_PACKAGE=1), using ${path.relative(root, vsixPath)}`);
  else await phase('build + package', packageExtension);

  if (onPath('code')) {
    console.log(`\nOpening ${workspace} in VS Code with the extension from ${root}`);
    const r = spawnSync('code', [`--extensionDevelopmentPath=${root}`, workspace], { stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }

  await phase('system deps', checkSystemDeps);
  const packageDir = await phase('provision code-server', provisionCodeServer);
  const cache = path.join(root, '.cache', 'start');
  const extDir = path.join(cache, 'ext');
  const userDataDir = path.join(cache, 'ud');
  const config = path.join(cache, 'config.yaml');
  fs.mkdirSync(cache, { recursive: true });
  fs.writeFileSync(config, 'auth: none\ncert: false\n');
  await phase('install extension', () => {
    try {
      installVsix(packageDir, vsixPath, extDir, userDataDir, config);
    } catch {
      // A previous run that was not stopped cleanly can leave the install half-done: start over.
      fs.rmSync(extDir, { recursive: true, force: true });
      installVsix(packageDir, vsixPath, extDir, userDataDir, config);
    }
  });
  const userSettings = path.join(userDataDir, 'User', 'settings.json');
  if (!fs.existsSync(userSettings)) {
    fs.mkdirSync(path.dirname(userSettings), { recursive: true });
    fs.writeFileSync(userSettings, `${JSON.stringify(QUIET_USER_SETTINGS, null, 2)}\n`);
  }

  const port = await freePortFrom(Number(process.env.CODEAGENT_PORT ?? 8080));
  const env = { ...process.env };
  // Inside a VS Code / code-server terminal these would make code-server hand over to that instance.
  for (const key of Object.keys(env)) if (key.startsWith('VSCODE_') || key.startsWith('CODE_SERVER_')) delete env[key];
  const child = runUntilSignal(codeServerNode(packageDir), [
    codeServerEntry(packageDir),
    '--config', config,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--user-data-dir', userDataDir,
    '--extensions-dir', extDir,
  ], { cwd: root, env });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000);
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace).replace(/%2F/g, "/")}`;
  const bar = '─'.repeat(Math.min(100, url.length + 4));
  console.log(`\n${bar}\n  CodeAgent in code-server ${child.pid ? `(pid ${child.pid})` : ''}\n  Open: ${url}\n  Ctrl-C to stop.\n${bar}\n`);
} catch (error) {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
