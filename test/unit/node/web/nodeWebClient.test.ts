import { strict as assert } from 'node:assert';
import { promises as fsp } from 'node:fs';
// The module object itself, whose globalAgent every request without an agent uses.
import http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { WebFetchError, type WebGetOptions } from '../../../../src/core/ports/webClient';
import { addressRefusal } from '../../../../src/core/web/webFetch';
import { NodeWebClient } from '../../../../src/node/web/nodeWebClient';
import { refuseProxiedName } from '../../../../src/node/web/proxiedNameCheck';
import { WebPageServer } from '../../../fixtures/web/webPageServer';
import { testResolve } from '../../hostile/webHarness';

/**
 * Stands in for an agent that connects without the request's `lookup` (VS Code's proxy agent, a PAC `DIRECT`):
 * every connection goes to 127.0.0.1:`port`, whatever the URL's host.
 */
class FixedAddressAgent extends http.Agent {
  constructor(private readonly port: number) {
    super();
  }

  override createConnection(_options: unknown, callback?: (error: Error | null, socket: net.Socket) => void): net.Socket {
    const socket = net.createConnection({ host: '127.0.0.1', port: this.port });
    if (callback) socket.once('connect', () => callback(null, socket));
    return socket;
  }
}

async function withGlobalAgent<T>(agent: http.Agent, body: () => Promise<T>): Promise<T> {
  const module = http as { globalAgent: http.Agent };
  const before = module.globalAgent;
  module.globalAgent = agent;
  try {
    return await body();
  } finally {
    module.globalAgent = before;
    agent.destroy();
  }
}

describe('NodeWebClient: the address connected to (spec §22)', function () {
  this.timeout(20_000);
  let server: WebPageServer;
  let downloads: string;
  const looked: string[] = [];
  const resolve = (hostname: string) => {
    looked.push(hostname);
    return testResolve(hostname);
  };
  const options = (host: string, allowed: boolean): WebGetOptions => ({
    signal: new AbortController().signal,
    timeoutMs: 10_000,
    maxBytes: 1024 * 1024,
    checkAddress: (address) => addressRefusal(host, address, allowed),
  });
  beforeEach(async () => {
    looked.length = 0;
    server = await WebPageServer.start();
    downloads = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-webclient-'));
  });
  afterEach(async () => {
    await server.close();
    await fsp.rm(downloads, { recursive: true, force: true });
  });

  it('refuses a connection that bypassed its lookup when the socket\'s address is refused', async () => {
    const client = new NodeWebClient({ downloadsDir: downloads, resolve });
    const url = new URL(server.url('/notes.txt', 'docs.test'));
    await withGlobalAgent(new FixedAddressAgent(server.port), async () => {
      await assert.rejects(client.get(url, options('docs.test', false)), (error: WebFetchError) => error.code === 'address_refused' && /127\.0\.0\.1/.test(error.message));
    });
    assert.deepEqual(looked, [], 'the name was never looked up: only the socket check saw the address');
  });

  it('the same connection goes through when the host is allowed', async () => {
    const client = new NodeWebClient({ downloadsDir: downloads, resolve });
    const response = await withGlobalAgent(new FixedAddressAgent(server.port), () => client.get(new URL(server.url('/notes.txt', 'docs.test')), options('docs.test', true)));
    assert.equal(response.status, 200);
  });

  it('through a proxy, resolves the name locally and refuses a private answer unless the host is allowed, a metadata answer always', async () => {
    const client = new NodeWebClient({ downloadsDir: downloads, resolve, proxied: () => true });
    // The stand-in proxy would fetch anything: only the local resolution stands between it and an inward address.
    await withGlobalAgent(new FixedAddressAgent(server.port), async () => {
      await assert.rejects(client.get(new URL('http://inward.test/admin'), options('inward.test', false)), (error: WebFetchError) => error.code === 'address_refused' && /10\.0\.0\.5/.test(error.message));
      await assert.rejects(client.get(new URL('http://alias.test/latest/'), options('alias.test', true)), (error: WebFetchError) => error.code === 'address_refused' && /169\.254\.169\.254/.test(error.message));
      await assert.rejects(client.get(new URL(server.url('/notes.txt', 'docs.test')), options('docs.test', false)), (error: WebFetchError) => error.code === 'address_refused');
      assert.equal(server.requests.length, 0);
      const allowed = await client.get(new URL(server.url('/notes.txt', 'docs.test')), options('docs.test', true));
      assert.equal(allowed.status, 200);
    });
  });

  it('through a proxy, a name that does not resolve here is fetched: the proxy may be the only one that can', async () => {
    const client = new NodeWebClient({ downloadsDir: downloads, resolve, proxied: () => true });
    const url = new URL(`http://intranet.proxy-only.test:${server.port}/notes.txt`);
    const response = await withGlobalAgent(new FixedAddressAgent(server.port), () => client.get(url, options('intranet.proxy-only.test', false)));
    assert.equal(response.status, 200);
    assert.deepEqual(looked, ['intranet.proxy-only.test']);
    assert.equal(server.requests[0]?.host, `intranet.proxy-only.test:${server.port}`);
  });
});

describe('refuseProxiedName', () => {
  const check = (address: string) => addressRefusal('h.test', address, false);

  it('judges a literal without a lookup, the whole answer of a name, and lets a failed or silent lookup through', async () => {
    const none = async () => assert.fail('no lookup for a literal');
    assert.match(String(await refuseProxiedName('[::ffff:0:a9fe:a9fe]', none, check)), /never fetched/);
    assert.equal(await refuseProxiedName('93.184.216.34', none, check), undefined);
    const answer = async () => [{ address: '93.184.216.34', family: 4 }, { address: '192.168.1.1', family: 4 }];
    assert.match(String(await refuseProxiedName('mixed.test', answer, check)), /192\.168\.1\.1/);
    assert.equal(await refuseProxiedName('gone.test', async () => { throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }); }, check), undefined);
    assert.equal(await refuseProxiedName('silent.test', () => new Promise(() => undefined), check, 10), undefined);
  });
});
