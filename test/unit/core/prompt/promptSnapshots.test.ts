import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { estimateTokens } from '../../../../src/core/history/tokenEstimate';
import { assembledPrompt, sampleAgents, snapshotText, tokenLine, type PromptName } from './assembledPrompts';

/**
 * The assembled system prompts, reviewed as text: any change to prompts/ or to how they are put together
 * shows up here as a diff. After a deliberate change, regenerate with `UPDATE_PROMPT_SNAPSHOTS=1` and
 * review the diff of test/unit/core/prompt/__snapshots__ before committing it.
 */
const dir = path.join(__dirname, '__snapshots__');
const update = process.env.UPDATE_PROMPT_SNAPSHOTS === '1';
/** docs/prompt.md's budgets for the main prompt in xml mode (the project's token estimate): headless, and VS Code's with its language tools. */
const xmlBudgets: Record<string, number> = { xml: 4700, 'vscode-xml': 5700 };

const cases: { name: PromptName; agents: typeof sampleAgents }[] = [
  { name: 'xml', agents: [] },
  { name: 'native', agents: [] },
  { name: 'plan', agents: sampleAgents },
  { name: 'subagent', agents: [] },
  { name: 'vscode-xml', agents: [] },
  { name: 'vscode-native', agents: [] },
];

function matchesFile(file: string, actual: string) {
  const full = path.join(dir, file);
  if (update) fs.writeFileSync(full, actual);
  assert.ok(fs.existsSync(full), `${file} is missing: run with UPDATE_PROMPT_SNAPSHOTS=1 and review it`);
  assert.equal(actual, fs.readFileSync(full, 'utf8'), `${file} differs: review the change, then UPDATE_PROMPT_SNAPSHOTS=1`);
}

describe('assembled system prompts (reviewed snapshots)', () => {
  for (const { name, agents } of cases) {
    it(`${name}: equals __snapshots__/${name}.txt`, () => {
      matchesFile(`${name}.txt`, snapshotText(assembledPrompt(name, agents)));
    });
  }

  it('token counts equal __snapshots__/tokens.txt, and xml mode stays within the budget', () => {
    const prompts = cases.map(({ name, agents }) => ({ name, prompt: assembledPrompt(name, agents) }));
    matchesFile('tokens.txt', `${prompts.map(({ name, prompt }) => tokenLine(name, prompt)).join('\n')}\n`);
    for (const [name, budget] of Object.entries(xmlBudgets)) {
      const tokens = estimateTokens(prompts.find((p) => p.name === name)!.prompt.system);
      assert.ok(tokens <= budget, `${name} prompt is ${tokens} tokens, over the ${budget} budget`);
    }
  });
});
