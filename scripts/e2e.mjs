// End-to-end tests in a real VS Code (code-server, offline) driven by Playwright + Chromium:
// check system deps → provision code-server → package the extension → mocha test/e2e/**/*.e2e.ts.
// Extra arguments go to mocha (e.g. `npm run test:e2e -- --grep onboarding`), except these two:
//   --vscode=1.100  on code-server 4.100.3, the oldest VS Code `engines.vscode` allows (default: the current one, 4.139.1)
//   --smoke         only SMOKE_FILES (`npm run test:e2e:smoke:1.100` is both: .ci/run runs it after `npm test`)
// The files run in CODEAGENT_E2E_JOBS mocha workers (default 2; each file has its own code-server and model
// server on free ports): a test spends most of its time waiting for VS Code, so two share two cores well.
// CODEAGENT_SKIP_PACKAGE=1 reuses out/codeagent.vsix (or CODEAGENT_E2E_VSIX); CODEAGENT_E2E_KEEP=1 keeps the temp run dir.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkSystemDeps, packageExtension, phase, provisionCodeServer, root, vsixPath } from './codeServer.mjs';

const started = Date.now();

/** A chat turn, edits and a command approved or rejected, commands judged and run in a terminal: the product's core paths. */
const SMOKE_FILES = ['chat.e2e.ts', 'approval.e2e.ts', 'commandJudgment.e2e.ts'].map((name) => path.join('test', 'e2e', name));

/** .mocharc.e2e.json with its spec as a list of the e2e files (`files`, or all of them) by how many tests they hold, then by size, most first. */
function longestFirstConfig(files) {
  const dir = path.join(root, 'test', 'e2e');
  const weight = (file) => {
    const text = fs.readFileSync(file, 'utf8');
    return (text.match(/^\s*it\(/gm)?.length ?? 0) * 1e6 + text.length;
  };
  const all = fs.readdirSync(dir).filter((name) => name.endsWith('.e2e.ts')).map((name) => path.join(dir, name));
  const spec = (files ?? all)
    .map((file) => ({ file, weight: weight(file) })).sort((a, b) => b.weight - a.weight).map(({ file }) => file);
  const config = { ...JSON.parse(fs.readFileSync(path.join(root, '.mocharc.e2e.json'), 'utf8')), spec };
  const file = path.join(os.tmpdir(), `codeagent-mocharc-e2e-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  process.once('exit', () => fs.rmSync(file, { force: true }));
  return file;
}
const done = (code) => {
  console.log(`\ne2e total: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(code);
};

const args = process.argv.slice(2);
const vscodeArg = args.find((arg) => arg.startsWith('--vscode='));
if (vscodeArg) process.env.CODEAGENT_E2E_VSCODE = vscodeArg.slice('--vscode='.length);
const smoke = args.includes('--smoke');
args.splice(0, args.length, ...args.filter((arg) => arg !== vscodeArg && arg !== '--smoke'), ...(smoke ? SMOKE_FILES : []));

try {
  await phase('system deps', checkSystemDeps);
  const packageDir = await phase(`provision code-server (VS Code ${process.env.CODEAGENT_E2E_VSCODE ?? 'current'})`, () => provisionCodeServer());
  let vsix = vsixPath;
  if (process.env.CODEAGENT_SKIP_PACKAGE === '1') {
    vsix = process.env.CODEAGENT_E2E_VSIX ?? vsixPath;
    if (!fs.existsSync(vsix)) throw new Error(`${vsix} does not exist (CODEAGENT_SKIP_PACKAGE=1): run npm run package`);
    console.log(`\nskipping package (CODEAGENT_SKIP_PACKAGE=1), using ${path.relative(root, vsix)}`);
  } else await phase('package extension', packageExtension);

  const jobs = Number(process.env.CODEAGENT_E2E_JOBS ?? 2);
  const parallel = jobs > 1 ? ['--parallel', '--jobs', String(jobs)] : [];
  // The workers take the files in the config's order: the files with the most tests first, so the last to start
  // are short and both workers finish at about the same time.
  // Files named on the command line would be added to the config's spec by mocha (running every file), so they
  // replace it instead: `npm run test:e2e -- test/e2e/chat.e2e.ts` runs that file only.
  const named = args.filter((arg) => arg.endsWith('.e2e.ts'));
  const config = longestFirstConfig(named.length > 0 ? named.map((file) => path.resolve(root, file)) : undefined);
  args.splice(0, args.length, ...args.filter((arg) => !arg.endsWith('.e2e.ts')));
  const code = await phase(`mocha e2e (${jobs > 1 ? `${jobs} workers` : 'one file at a time'})`, () => new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'mocha', 'bin', 'mocha.js'), '--config', config, ...parallel, ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CODEAGENT_SUITE_LABEL: 'e2e', CODEAGENT_E2E_CODE_SERVER: packageDir, CODEAGENT_E2E_VSIX: vsix },
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  }));
  done(code);
} catch (error) {
  console.error(`\ne2e: ${error instanceof Error ? error.message : String(error)}`);
  done(1);
}
