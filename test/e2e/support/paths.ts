// Where the e2e suite finds the project, code-server, the packaged extension and its artifacts.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..', '..', '..');

/** code-server by the VS Code it serves (CODEAGENT_E2E_VSCODE, as scripts/provisionCodeServer.sh takes it). */
const CODE_SERVER_VERSIONS: Record<string, string> = { current: '4.139.1', '1.100': '4.100.3' };
export const CODE_SERVER_VERSION = CODE_SERVER_VERSIONS[process.env.CODEAGENT_E2E_VSCODE ?? 'current'] ?? CODE_SERVER_VERSIONS.current;
/** The run is on the current VS Code, not the oldest one `engines.vscode` allows. */
export const ON_CURRENT_VSCODE = CODE_SERVER_VERSION === CODE_SERVER_VERSIONS.current;

/** What the e2e suite keeps from run to run on this machine (code-server, generated trees). */
export function e2eCacheDir(): string {
  return process.env.CODEAGENT_E2E_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'codeagent', 'e2e');
}

/** The code-server package dir: set by scripts/e2e.mjs from the provisioning output, else the default cache. */
export function codeServerPackageDir(): string {
  if (process.env.CODEAGENT_E2E_CODE_SERVER) return process.env.CODEAGENT_E2E_CODE_SERVER;
  return path.join(e2eCacheDir(), `code-server-${CODE_SERVER_VERSION}`, 'package');
}

/** The Node that runs code-server: the one provisioning linked beside the package (Node 24 for 4.139), else ours. */
export function codeServerNode(packageDir: string): string {
  const linked = path.join(packageDir, '..', 'node');
  return fs.existsSync(linked) ? linked : process.execPath;
}

/** The extension under test: `npm run package` output unless CODEAGENT_E2E_VSIX points elsewhere. */
export function extensionVsix(): string {
  return process.env.CODEAGENT_E2E_VSIX ?? path.join(projectRoot, 'out', 'codeagent.vsix');
}

export const fixtureWorkspace = path.join(projectRoot, 'test', 'e2e', 'fixtures', 'workspace');

/** Screenshots, page HTML and logs of failed tests (gitignored). */
export const testResultsDir = path.join(projectRoot, 'test-results');

/** Turns a test title into a file name. */
export function fileSafe(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 120) || 'unnamed';
}
