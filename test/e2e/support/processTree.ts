// Kills a process together with everything it started, including children that left its
// process group (node-pty starts shells with setsid). Linux /proc only; elsewhere the group kill.
import * as fs from 'node:fs';

/**
 * The fields of `/proc/<pid>/stat` after "pid (comm) ": state, ppid, pgrp, … (proc(5), counted from 0 here). comm may
 * contain spaces and parentheses, so the fields start after its last ')'. Throws once the process is gone.
 */
export function statFields(pid: number | string): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function parentMap(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return children;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(statFields(entry)[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // exited while we looked
    }
  }
  return children;
}

export function descendants(pid: number): number[] {
  const children = parentMap();
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

const signal = (pid: number, sig: NodeJS.Signals): void => {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
};

/** Signals the process group led by `pid` (spawned with `detached: true`) and all descendants. */
export function killTree(pid: number, sig: NodeJS.Signals = 'SIGTERM'): void {
  const stragglers = descendants(pid);
  signal(-pid, sig);
  for (const child of stragglers) signal(child, sig);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes code-server forks per window under `pid`: extension hosts and file watchers. */
export function windowProcesses(pid: number): number[] {
  return descendants(pid).filter((child) => {
    try {
      const args = fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
      return args.includes('--type=extensionHost') || args.includes('--type=fileWatcher');
    } catch {
      return false;
    }
  });
}
