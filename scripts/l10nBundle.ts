// Writes l10n/bundle.l10n.json (every English message of the host's l10n.t calls and of the panel) and lists,
// per language, the messages its bundle lacks. Run: npx tsx scripts/l10nBundle.ts
import * as fs from 'node:fs';
import * as path from 'node:path';
import { englishMessages, repoRoot } from '../test/support/l10nMessages';

const messages = englishMessages();
const dir = path.join(repoRoot, 'l10n');
fs.writeFileSync(path.join(dir, 'bundle.l10n.json'), `${JSON.stringify(Object.fromEntries(messages.map((m) => [m, m])), null, 2)}\n`);
console.log(`l10n/bundle.l10n.json: ${messages.length} messages`);
for (const file of fs.readdirSync(dir).filter((f) => /^bundle\.l10n\..+\.json$/.test(f))) {
  const translated = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>;
  const missing = messages.filter((m) => !(m in translated));
  console.log(`${file}: ${missing.length ? `lacks ${missing.map((m) => JSON.stringify(m)).join(', ')}` : 'complete'}`);
}
