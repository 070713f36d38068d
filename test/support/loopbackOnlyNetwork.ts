// The module object itself (not a namespace copy), so that patching it reaches every importer.
import dns from 'node:dns';
import * as net from 'node:net';

/**
 * While installed, this process connects only to loopback: a TCP connection to any other address, and any name
 * lookup other than `localhost`, is refused before a packet leaves (no DNS query, no SYN) and recorded. Web tests
 * run under it, so a broken SSRF rule fails a test instead of reaching 169.254.169.254 or a real DNS server.
 */
export interface NetworkGuard {
  /** What was refused since the guard was installed: `connect 169.254.169.254:80`, `lookup docs.test`. */
  readonly refused: string[];
  uninstall(): void;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;
type Lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

export function isLoopback(address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const guardError = (what: string) => Object.assign(new Error(`network guard: refused ${what} (tests reach loopback only)`), { code: 'ENETGUARD' });

let installed: { refused: string[]; depth: number; restore: () => void } | undefined;

export function installLoopbackOnlyNetwork(): NetworkGuard {
  if (installed) {
    installed.depth++;
  } else {
    const refused: string[] = [];
    installed = { refused, depth: 1, restore: patch(refused) };
  }
  const state = installed;
  const mark = state.refused.length;
  let done = false;
  return {
    get refused() {
      return state.refused.slice(mark);
    },
    uninstall() {
      if (done) return;
      done = true;
      if (--state.depth === 0) {
        state.restore();
        installed = undefined;
      }
    },
  };
}

/** Runs `body` under the guard; what was refused, if anything, comes back with its result. */
export async function withLoopbackOnlyNetwork<T>(body: () => Promise<T>): Promise<{ value: T; refused: string[] }> {
  const guard = installLoopbackOnlyNetwork();
  try {
    const value = await body();
    return { value, refused: guard.refused };
  } finally {
    guard.uninstall();
  }
}

function patch(refused: string[]): () => void {
  const connect = net.Socket.prototype.connect;
  const lookup = dns.lookup;
  const promisesLookup = dns.promises.lookup;

  const checkedLookup = (inner: Lookup | undefined): Lookup => (hostname, options, callback) => {
    // A name only the system resolver knows would be a DNS query; an address literal or localhost is answered locally.
    if (!inner && hostname !== 'localhost' && !net.isIP(hostname)) {
      refused.push(`lookup ${hostname}`);
      return process.nextTick(() => callback(guardError(`a DNS lookup of ${hostname}`), ''));
    }
    (inner ?? (lookup as unknown as Lookup))(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
      const outside = all.filter((a) => !isLoopback(a));
      if (outside.length === 0) return callback(null, address, family);
      refused.push(...outside.map((a) => `connect ${hostname} (${a})`));
      callback(guardError(`a connection to ${hostname} (${outside.join(', ')})`), '');
    });
  };

  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]): net.Socket {
    // net.createConnection passes its normalised [options, callback] array as the only argument.
    const normalised = Array.isArray(args[0]) ? (args[0] as unknown[]) : undefined;
    const first = normalised ? normalised[0] : args[0];
    if (first === null || typeof first !== 'object') {
      // connect(port, host?) or connect(path): a port goes to `host` (localhost by default), a path is local IPC.
      const port = Number(first);
      if (Number.isNaN(port)) return connect.apply(this, args as never);
      return guardedConnect.call(this, { port, host: typeof args[1] === 'string' ? args[1] : 'localhost' }, ...args.slice(typeof args[1] === 'string' ? 2 : 1));
    }
    const options = first as net.TcpNetConnectOpts & { path?: string };
    if (options.path) return connect.apply(this, args as never);
    const host = options.host ?? 'localhost';
    if (net.isIP(host)) {
      if (isLoopback(host)) return connect.apply(this, args as never);
      refused.push(`connect ${host}:${options.port}`);
      process.nextTick(() => this.destroy(guardError(`a connection to ${host}:${options.port}`)));
      return this;
    }
    const guarded = { ...options, lookup: checkedLookup(options.lookup as Lookup | undefined) };
    if (normalised) {
      const copy = Object.assign([...normalised], args[0]);
      copy[0] = guarded;
      return connect.call(this, copy as never);
    }
    return connect.apply(this, [guarded, ...args.slice(1)] as never);
  } as typeof connect;

  const dnsModule = dns as { lookup: unknown };
  dnsModule.lookup = ((hostname: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts = (typeof options === 'object' && options !== null ? options : typeof options === 'number' ? { family: options } : {}) as dns.LookupOptions;
    checkedLookup(undefined)(hostname, opts, cb);
  }) as typeof dns.lookup;
  const promises = dns.promises as { lookup: unknown };
  promises.lookup = (async (hostname: string, options?: dns.LookupOptions) => {
    if (hostname !== 'localhost' && !net.isIP(hostname)) {
      refused.push(`lookup ${hostname}`);
      throw guardError(`a DNS lookup of ${hostname}`);
    }
    return promisesLookup(hostname, options ?? {});
  }) as typeof dns.promises.lookup;

  return () => {
    net.Socket.prototype.connect = connect;
    dnsModule.lookup = lookup;
    promises.lookup = promisesLookup;
  };
}
