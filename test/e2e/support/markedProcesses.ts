// The processes whose command line carries a marker string, read from /proc (Linux), for "nothing left behind" checks.
import * as fs from 'node:fs';
import { statFields } from './processTree';

export interface MarkedProcess {
  pid: number;
  ppid: number;
  pgid: number;
  args: string;
}

/** Live (not zombie) processes whose command line contains `marker`. */
export function processesWith(marker: string): MarkedProcess[] {
  const found: MarkedProcess[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      if (!args.includes(marker)) continue;
      const [state, ppid, pgid] = statFields(entry);
      if (state === 'Z') continue;
      found.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid), args });
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** Live members of a process group. */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [state, , group] = statFields(entry);
      if (state !== 'Z' && Number(group) === pgid) members.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return members;
}
