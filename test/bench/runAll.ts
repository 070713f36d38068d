import { runParserBench } from './parserBench';

/** `npm run bench`: every benchmark, one after another (they share the CPU, so never in parallel). */
async function runAll(): Promise<void> {
  await runParserBench();
  await (await import('./contextBench')).runContextBench();
  await (await import('./storeBench')).runStoreBench();
  await (await import('./webviewBench')).runWebviewBench();
  await (await import('./scaleBench')).runScaleBench();
  await (await import('./securityBench')).runSecurityBench();
}

runAll().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
