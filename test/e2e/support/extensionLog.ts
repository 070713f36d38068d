// What the extension wrote to its `CodeAgent` output channel, read from the files VS Code keeps under the
// instance's user-data-dir (one per window and extension host), for tests that check what the host did.
import * as fs from 'node:fs';
import * as path from 'node:path';

function codeAgentLogFiles(userDataDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'CodeAgent.log') found.push(full);
    }
  };
  walk(path.join(userDataDir, 'logs'));
  return found;
}

/** Every CodeAgent log line the instance has written so far. */
export function codeAgentLogText(userDataDir: string): string {
  return codeAgentLogFiles(userDataDir).map((file) => fs.readFileSync(file, 'utf8')).join('\n');
}
