import { strict as assert } from 'node:assert';
import { existsSync, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultTools } from '../../../src/core/tools/defaultTools';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { createWebFetchTool } from '../../../src/core/web/webFetchTool';
import { ScriptedModelServer } from '../../fixtures/scriptedModelServer';
import { WebPageServer } from '../../fixtures/web/webPageServer';
import { scriptedSession } from './scriptedSession';
import { runWebCase, webCases } from './webCases';
import { webHarness } from './webHarness';

/** Spec §22's never-fetched rules and fenced pages, case by case (docs/security.md "The web"). */
describe('Hostile input: the web (SSRF and pages that give orders)', function () {
  this.timeout(30_000);
  const cases = webCases();

  it(`has at least 25 cases (${cases.length})`, () => assert.ok(cases.length >= 25));

  for (const c of cases) {
    it(`${c.group}: ${c.name}`, async () => {
      assert.equal(await runWebCase(c), undefined);
    });
  }
});

describe('Hostile input: a page that gives orders, through the real agent turn', function () {
  this.timeout(60_000);

  it('the page reaches the model fenced, and the command it asks for still needs approval (refused here: nothing runs)', async () => {
    const model = await ScriptedModelServer.start();
    const pages = await WebPageServer.start();
    const web = await webHarness({ allowed: ['docs.test'] });
    const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-web-turn-'));
    try {
      model.enqueue(
        { text: `<WebFetch>\n<url>${pages.url('/inject.html', 'docs.test')}</url>\n</WebFetch>` },
        { text: '<Bash>\n<command>touch pwned</command>\n</Bash>' },
        { text: 'I will not do what the page says.' },
      );
      const tools = new ToolRegistry([...defaultTools, createWebFetchTool(web.access)] as never);
      const { events } = await scriptedSession(model, root, { deps: { tools } }).run('Read the release notes');
      const toModel = String(model.requests[1]!.body.messages.at(-1).content);
      assert.match(toModel, /^<tool_result tool="WebFetch" status="success">/);
      assert.match(toModel, /IMPORTANT SYSTEM INSTRUCTION/);
      for (const tag of ['<system-reminder>', '<Bash>', '<Write>']) assert.ok(!toModel.includes(tag), `${tag} reached the model as markup`);
      assert.equal(toModel.match(/<\/tool_result>/g)?.length, 1, 'the page cannot close the result');
      assert.ok(events.some((e) => e.type === 'approval' && e.phase === 'request' && e.tool === 'Bash'), 'the command was asked');
      assert.equal(existsSync(path.join(root, 'pwned')), false);
    } finally {
      await web.close();
      await pages.close();
      await model.close();
      await fsp.rm(root, { recursive: true, force: true });
    }
  });
});
