// What CodeAgent has saved of its conversations (spec §9), read from the files under the workspace storage: a
// test that reloads mid-turn waits for the save it needs instead of a time.
import * as fs from 'node:fs';
import * as path from 'node:path';

function readAll(dir: string): string {
  return fs.readdirSync(dir).filter((name) => /\.(json|jsonl)$/.test(name)).map((name) => {
    try {
      return fs.readFileSync(path.join(dir, name), 'utf8');
    } catch {
      return ''; // replaced between the listing and the read
    }
  }).join('\n');
}

/** The conversations directory of the one workspace whose conversations mention `marker`, with their text. */
function storedWith(userDataDir: string, marker: string): { dir: string; text: string } | undefined {
  const root = path.join(userDataDir, 'User', 'workspaceStorage');
  if (!fs.existsSync(root)) return undefined;
  for (const hash of fs.readdirSync(root)) {
    const storage = path.join(root, hash);
    if (!fs.statSync(storage).isDirectory()) continue;
    for (const extension of fs.readdirSync(storage)) {
      const dir = path.join(storage, extension, 'conversations');
      if (!fs.existsSync(dir)) continue;
      const text = readAll(dir);
      if (text.includes(marker)) return { dir, text };
    }
  }
  return undefined;
}

/**
 * The text of every conversation file (snapshots and their logs) of the one workspace whose conversations
 * mention `marker`, or '' before a save has. The storage is named by a hash of the folder's URI, and code-server
 * keeps no record of which folder it is on disk: pick a marker only the test's own conversation holds.
 */
export function storedConversationsWith(userDataDir: string, marker: string): string {
  return storedWith(userDataDir, marker)?.text ?? '';
}

/** The conversations directory of the one workspace whose conversations mention `marker`. */
export function conversationsDirWith(userDataDir: string, marker: string): string | undefined {
  return storedWith(userDataDir, marker)?.dir;
}
