import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../../..');

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layering lint rule', function () {
  this.timeout(60000);

  it('rejects `import * as vscode` in src/core', async () => {
    const messages = await lintAs('src/core/layerProbe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n");
    assert.equal(messages.length, 1);
    assert.match(messages[0]!, /src\/core must not import vscode/);
  });

  it('rejects node built-ins in src/core, with and without the node: prefix', async () => {
    const messages = await lintAs('src/core/layerProbe.ts', "import * as fs from 'node:fs';\nimport * as p from 'path';\nexport const x = [fs, p];\n");
    assert.equal(messages.length, 2);
  });

  it('rejects src/core importing the node layer', async () => {
    const messages = await lintAs('src/core/layerProbe.ts', "import { x } from '../node/whatever';\nexport const y = x;\n");
    assert.equal(messages.length, 1);
  });

  it('accepts the same vscode import in src/vscode', async () => {
    const messages = await lintAs('src/vscode/layerProbe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n");
    assert.deepEqual(messages, []);
  });

  it('accepts the project\'s own modules whose names equal a Node built-in (../events)', async () => {
    const messages = await lintAs('src/core/agent/layerProbe.ts', "import type { AgentEvent } from '../events';\nexport type X = AgentEvent;\n");
    assert.deepEqual(messages, []);
  });

  it('accepts zod in src/core', async () => {
    const messages = await lintAs('src/core/layerProbe.ts', "import { z } from 'zod';\nexport const x = z.string();\n");
    assert.deepEqual(messages, []);
  });
});
