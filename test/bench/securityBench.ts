import type { HostMessage } from '../../src/protocol/messages';
import { ScriptedModelServer } from '../fixtures/scriptedModelServer';
import { launchChromium } from '../support/chromium';
import { buildPanelBundle, openGuardedPage, settle } from '../support/guardedWebviewPage';
import { count, emptyTally, hostileCases, runHostileCase } from '../unit/hostile/hostileCases';
import { hostileMarkup } from '../unit/webview/hostileMarkup';
import { runWebCase, webCases } from '../unit/hostile/webCases';
import { reportFigure } from './benchSummary';

/** Requests to other hosts while the panel renders every hostile payload, whole and streamed, with and without its CSP. */
async function remoteLoads(): Promise<{ payloads: number; withCsp: number; sanitizerAlone: number }> {
  const payloads = hostileMarkup();
  const bundle = await buildPanelBundle();
  const browser = await launchChromium();
  const loads = async (csp: boolean): Promise<number> => {
    const panel = await openGuardedPage(browser, bundle, { csp });
    try {
      const entries = payloads.map((p, i) => ({ id: `a${i}`, kind: 'assistant' as const, text: p.text, turnId: 't' }));
      await panel.post({ type: 'snapshot', entries, busy: false, onboarding: null, usage: null } satisfies HostMessage);
      await panel.post({ type: 'entryAdded', entry: { id: 's', kind: 'assistant', text: '', turnId: 't2' } });
      for (const { text } of payloads) await panel.post({ type: 'entryAppended', id: 's', delta: `${text}\n\n` });
      await settle(panel.page);
      return panel.remoteRequests.length;
    } finally {
      await panel.page.close();
    }
  };
  try {
    return { payloads: payloads.length, withCsp: await loads(true), sanitizerAlone: await loads(false) };
  } finally {
    await browser.close();
  }
}

/** Spec §22's web cases (hostileWeb.test.ts's table): each refused or fenced as it says. */
async function webTally(): Promise<{ tried: number; failed: string[] }> {
  const failed: string[] = [];
  const cases = webCases();
  for (const c of cases) {
    const problem = await runWebCase(c);
    if (problem) failed.push(`web ${c.group}: ${c.name}: ${problem}`);
  }
  return { tried: cases.length, failed };
}

export async function runSecurityBench(): Promise<void> {
  const server = await ScriptedModelServer.start();
  const tally = emptyTally();
  const groups = new Map<string, number>();
  const started = Date.now();
  try {
    for (const c of hostileCases()) {
      count(tally, c, await runHostileCase(c, server));
      groups.set(c.group, (groups.get(c.group) ?? 0) + 1);
    }
  } finally {
    await server.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const web = await webTally();
  const remote = await remoteLoads();
  console.log(`Security: hostile input through the real tools, loaders and agent turn (${seconds} s), hostile Markdown in the panel (Chromium)`);
  console.log(`  hostile inputs tried:             ${tally.tried} (${[...groups].map(([g, n]) => `${g} ${n}`).join(', ')})`);
  console.log(`  loop/tool crashes:                ${tally.crashes}`);
  console.log(`  escapes (outside read/written):   ${tally.escapes}`);
  console.log(`  commands run without approval:    ${tally.commandsWithoutApproval}`);
  console.log(`  cases not refused as expected:    ${tally.unexpected}`);
  console.log(`  web (SSRF, schemes, redirects, size, injection): ${web.tried} tried, ${web.failed.length} not refused or fenced`);
  for (const problem of web.failed) console.log(`    ${problem}`);
  console.log(`  remote loads from ${remote.payloads} payloads:    ${remote.withCsp} with the panel's CSP, ${remote.sanitizerAlone} with the sanitizer alone`);
  for (const problem of tally.problems) console.log(`    ${problem}`);
  const area = 'security';
  reportFigure({ area, figure: 'hostile inputs tried', value: String(tally.tried), target: '>= 200', ok: tally.tried >= 200 });
  reportFigure({ area, figure: 'loop/tool crashes', value: String(tally.crashes), target: '0', ok: tally.crashes === 0 });
  reportFigure({ area, figure: 'escapes from the workspace', value: String(tally.escapes), target: '0', ok: tally.escapes === 0 });
  reportFigure({ area, figure: 'commands run without approval', value: String(tally.commandsWithoutApproval), target: '0', ok: tally.commandsWithoutApproval === 0 });
  reportFigure({ area, figure: `remote loads (${remote.payloads} hostile payloads, panel CSP)`, value: String(remote.withCsp), target: '0', ok: remote.withCsp === 0 });
  reportFigure({ area, figure: 'web attempts not refused or fenced', value: `${web.failed.length} of ${web.tried}`, target: '0', ok: web.failed.length === 0 });
  if (web.failed.length + tally.crashes + tally.escapes + tally.commandsWithoutApproval + remote.withCsp + remote.sanitizerAlone > 0) process.exitCode = 1;
}

if (require.main === module) {
  runSecurityBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
