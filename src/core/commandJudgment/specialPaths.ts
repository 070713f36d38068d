/**
 * Spec §23: paths that are not files to read. Bash opens a connection for a redirection to `/dev/tcp/host/port`
 * or `/dev/udp/…`; /proc holds every process's environment and command line (the extension host's keys
 * among them), and a container's mounted secrets live under /run/secrets.
 */
export function networkPath(word: string): boolean {
  return /(^|\/)dev\/+(tcp|udp)(\/|$)/.test(word);
}

/** /proc files that only describe the machine: read-only and secret-free. */
const machineFacts = new Set(['/proc/cpuinfo', '/proc/meminfo', '/proc/version', '/proc/loadavg', '/proc/uptime']);

export function privatePath(word: string): boolean {
  const path = word.replace(/\/{2,}/g, '/').replace(/\/\.(?=\/|$)/g, '');
  if (machineFacts.has(path)) return false;
  return /^\/proc(\/|$)/.test(path) || /(^|\/)proc\/(self|thread-self|\d+)(\/|$)/.test(path) || /^(\/var)?\/run\/secrets(\/|$)/.test(path) || /(^|\/)environ$/.test(path);
}
