// VS Code takes a display language only when a language pack for it is installed; offline there is none to
// download. Installing one leaves its entry in the user-data-dir's `languagepacks.json`, and that entry is all
// VS Code reads to resolve the locale: with empty translations VS Code's own strings stay English, while
// vscode.env.language, package.nls.<lang>.json and the extension's l10n bundle follow the locale.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from './paths';

export function installLanguagePack(userDataDir: string, locale: string): void {
  const translations = path.join(projectRoot, 'test', 'e2e', 'fixtures', 'languagePack', 'main.i18n.json');
  const pack = { extensionIdentifier: { id: `codeagent-e2e.language-pack-${locale}` }, version: '1.0.0' };
  const packs = { [locale]: { hash: `codeagent-e2e-${locale}`, extensions: [pack], translations: { vscode: translations }, label: locale } };
  fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify(packs, null, 2));
}
