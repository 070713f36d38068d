// One temp root per test process: <tmp>/codeagent-e2e-XXXX/ holding the shared extensions dir
// (ext/) and one dir per code-server instance (ud/, workspaces, log). Removed when the process
// exits, unless CODEAGENT_E2E_KEEP=1 (failures are copied to test-results/ anyway).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

let root: string | undefined;
let counter = 0;

export function runRoot(): string {
  if (!root) {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'codeagent-e2e-'));
    const created = root;
    process.once('exit', () => {
      if (process.env.CODEAGENT_E2E_KEEP === '1') {
        console.log(`e2e run dir kept: ${created}`);
        return;
      }
      try {
        fs.rmSync(created, { recursive: true, force: true });
      } catch {
        // a server still writing into it; the OS tmp cleaner gets the rest
      }
    });
  }
  return root;
}

/** A fresh, uniquely named directory under the run root. */
export function freshDir(prefix: string): string {
  const dir = path.join(runRoot(), `${prefix}-${++counter}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
