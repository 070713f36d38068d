import { execFile } from 'node:child_process';
import { promises as fsp, constants } from 'node:fs';
import * as path from 'node:path';

/** Where VS Code keeps its bundled ripgrep under `vscode.env.appRoot` (the unpacked path in some builds). */
export function vscodeRipgrepCandidates(appRoot: string, platform: NodeJS.Platform = process.platform): string[] {
  const exe = platform === 'win32' ? 'rg.exe' : 'rg';
  return [
    path.join(appRoot, 'node_modules', '@vscode', 'ripgrep', 'bin', exe),
    path.join(appRoot, 'node_modules.asar.unpacked', '@vscode', 'ripgrep', 'bin', exe),
  ];
}

/** The first candidate that is an executable file, then `rg` on PATH; undefined when there is none. */
export async function locateRipgrep(candidates: readonly string[], searchPath: boolean): Promise<string | undefined> {
  for (const candidate of candidates) {
    const usable = await fsp.access(candidate, constants.X_OK).then(() => true, () => false);
    if (usable) return candidate;
  }
  if (!searchPath) return undefined;
  return new Promise((resolve) => {
    execFile('rg', ['--version'], { timeout: 5000, windowsHide: true }, (error) => resolve(error ? undefined : 'rg'));
  });
}
