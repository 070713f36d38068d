import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { modelPresets } from '../../../src/core/modelSetup/presets';
import { placeholdersOf } from '../../../src/protocol/l10nFormat';
import { panelStrings } from '../../../src/protocol/panelStrings';
import { coreMessages, englishMessages, messagesIn, nonLiteralMessages, readJson, repoRoot } from '../../support/l10nMessages';

/** The languages CodeAgent ships besides English (spec §20), as VS Code names them. */
const languages = ['zh-cn', 'ja', 'ko', 'de', 'fr', 'es', 'pt-br'];
const localizedFields = new Set(['title', 'description', 'markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions', 'deprecationMessage', 'markdownDeprecationMessage', 'name', 'displayName', 'category']);

/** Every string of package.json in a field VS Code shows, with where it is. */
function shownStrings(node: unknown, at: string, inShownField = false): Array<{ at: string; value: string }> {
  if (typeof node === 'string') return inShownField ? [{ at, value: node }] : [];
  if (Array.isArray(node)) return node.flatMap((item, i) => shownStrings(item, `${at}[${i}]`, inShownField));
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, value]) => shownStrings(value, `${at}.${key}`, localizedFields.has(key)));
  }
  return [];
}

function sameKeysAndPlaceholders(english: Record<string, unknown>, translated: Record<string, unknown>, file: string): void {
  assert.deepEqual(Object.keys(translated).filter((key) => !(key in english)), [], `${file} has keys the English lacks`);
  assert.deepEqual(Object.keys(english).filter((key) => !(key in translated)), [], `${file} lacks keys`);
  for (const [key, message] of Object.entries(translated)) {
    assert.equal(typeof message, 'string', `${file}: ${key}`);
    assert.notEqual((message as string).trim(), '', `${file}: ${key} is empty`);
    assert.deepEqual(placeholdersOf(message as string), placeholdersOf(String(english[key])), `${file}: the placeholders of "${key}"`);
  }
}

/**
 * Issue 34's families: an approval card's words (its detail lines and why it asks, the sandbox's reasons too) and
 * the problems found in agent, skill, command and hook files and in .vscode/mcp.json. Each language words them itself.
 */
const cardAndFileProblemSources = [
  'src/core/agent/approvalGate.ts', 'src/core/tools/protectedConfigFiles.ts', 'src/core/tools/secretFiles.ts', 'src/core/tools/commandPlacement.ts',
  'src/core/languageServices/renameTool.ts', 'src/core/catalog/schemaIssues.ts', 'src/core/catalog/reloadingCatalog.ts', 'src/core/rules/frontMatter.ts',
  'src/core/agents/agentLoader.ts', 'src/core/agents/agentFile.ts', 'src/core/agents/agentFileReader.ts', 'src/core/agents/agentDefinition.ts',
  'src/core/agents/compatAgentFile.ts', 'src/core/agents/compatToolNames.ts', 'src/core/skills/skillFile.ts', 'src/core/skills/skillLoader.ts',
  'src/core/commands/commandFile.ts', 'src/core/commands/commandLoader.ts', 'src/core/hooks/hookConfig.ts', 'src/core/hooks/hookSources.ts',
  'src/core/mcp/mcpServerConfig.ts', 'src/core/mcp/mcpJsonFile.ts', 'src/core/mcp/mcpServerList.ts', 'src/vscode/mcpServers.ts', 'src/vscode/hooks/workspaceHooks.ts',
  'src/node/sandbox/sandboxProbe.ts', 'src/node/sandbox/runtimeSandbox.ts',
];
/** Messages a language rightly words as English does: VS Code's own term there, or nothing but placeholders. */
const alikeInEnglish: Record<string, readonly string[]> = { de: ['Tool: {0}', 'Hooks: {0}'], fr: ['front matter'], es: ['front matter', 'Hooks: {0}'], 'pt-br': ['front matter', 'Hooks: {0}'] };

describe('localization (spec §20)', () => {
  const manifest = readJson('package.json');
  const nls = readJson('package.nls.json');

  it('package.json shows no literal text: every title, name and description is a %key% of package.nls.json', () => {
    const contributes = { displayName: manifest.displayName, description: manifest.description, contributes: manifest.contributes, capabilities: manifest.capabilities };
    const strings = shownStrings(contributes, 'package.json').filter(({ at }) => !at.startsWith('package.json.contributes.menus'));
    assert.ok(strings.length > 60);
    assert.deepEqual(strings.filter(({ value }) => !/^%[^%]+%$/.test(value)).map(({ at }) => at), []);
    assert.deepEqual(strings.map(({ value }) => value.slice(1, -1)).filter((key) => !(key in nls)), []);
    assert.equal(manifest.l10n, './l10n');
  });

  it('l10n/bundle.l10n.json holds exactly the English of the host\'s and core\'s l10n.t calls and of the panel', () => {
    assert.deepEqual(Object.keys(readJson('l10n/bundle.l10n.json')).sort(), englishMessages());
    assert.ok(coreMessages().length > 100, 'core words its notices, errors and reports through its Translator (src/core/ports/translator.ts)');
  });

  it('every l10n.t message is a literal the bundles can hold: no template, no variable, no concatenation', () => {
    assert.deepEqual(nonLiteralMessages(), []);
  });

  for (const language of languages) {
    it(`${language}: package.nls.${language}.json and l10n/bundle.l10n.${language}.json are complete, with the English placeholders`, () => {
      sameKeysAndPlaceholders(nls, readJson(`package.nls.${language}.json`), `package.nls.${language}.json`);
      const english = Object.fromEntries(englishMessages().map((message) => [message, message]));
      sameKeysAndPlaceholders(english, readJson(`l10n/bundle.l10n.${language}.json`), `bundle.l10n.${language}.json`);
    });
  }

  for (const language of languages) {
    it(`${language}: an approval card's words and the problems of agent, skill, command, hook and MCP files are translated, not copied`, () => {
      const messages = messagesIn(cardAndFileProblemSources);
      assert.ok(messages.length > 80, `${messages.length} messages`);
      const bundle = readJson(`l10n/bundle.l10n.${language}.json`);
      const copied = messages.filter((message) => bundle[message] === message && /\p{L}/u.test(message.replace(/\{\d+\}/g, '')));
      assert.deepEqual(copied.filter((message) => !(alikeInEnglish[language] ?? []).includes(message)), []);
    });
  }

  it('the panel has every provider preset\'s hint, in the words of src/core/modelSetup/presets.ts', () => {
    const strings: Record<string, string> = panelStrings;
    assert.deepEqual(modelPresets.map((preset) => strings[`preset.${preset.id}`]), modelPresets.map((preset) => preset.hint));
  });

  it('ships no other language file', () => {
    const shipped = [...fs.readdirSync(repoRoot).filter((f) => /^package\.nls\..+\.json$/.test(f)), ...fs.readdirSync(path.join(repoRoot, 'l10n')).filter((f) => /^bundle\.l10n\..+\.json$/.test(f))];
    const expected = languages.flatMap((l) => [`package.nls.${l}.json`, `bundle.l10n.${l}.json`]);
    assert.deepEqual(shipped.sort(), expected.sort());
  });
});
