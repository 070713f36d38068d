import { promises as fsp } from 'node:fs';
import type { LookupAddress } from 'node:dns';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ApprovalDecision, ApprovalRequest } from '../../../src/core/tools/approval';
import type { ToolContext, ToolResult } from '../../../src/core/tools/toolTypes';
import { WebCache } from '../../../src/core/web/webCache';
import type { WebAccess } from '../../../src/core/web/webAccess';
import { createWebFetchTool } from '../../../src/core/web/webFetchTool';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { systemClock } from '../../../src/node/systemClock';
import { NodeWebClient } from '../../../src/node/web/nodeWebClient';

/** Made-up names and what they resolve to: the tests' own DNS. */
export const testDns: Record<string, string[]> = {
  'docs.test': ['127.0.0.1'],
  'other.test': ['127.0.0.1'],
  'inward.test': ['10.0.0.5'],
  'alias.test': ['169.254.169.254'],
  'mixed.test': ['93.184.216.34', '127.0.0.1'],
  'v6meta.test': ['fd00:ec2::254'],
};

export async function testResolve(hostname: string): Promise<LookupAddress[]> {
  const found = testDns[hostname.toLowerCase()];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
}

export interface WebRun {
  result: ToolResult;
  asked: ApprovalRequest[];
  remembered: string[];
}

export interface WebHarness {
  access: WebAccess;
  allowed: string[];
  /** Runs WebFetch once; `decide` answers each approval (default: accepted). */
  fetch(url: string, decide?: (request: ApprovalRequest) => ApprovalDecision): Promise<WebRun>;
  close(): Promise<void>;
}

/** The real WebFetch tool over the real Node client, with the test DNS and a temp downloads folder. */
export async function webHarness(options: { allowed?: string[]; timeoutMs?: number } = {}): Promise<WebHarness> {
  const downloads = await fsp.mkdtemp(path.join(os.tmpdir(), 'codeagent-web-'));
  const allowed = [...(options.allowed ?? [])];
  const remembered: string[] = [];
  const access: WebAccess = {
    client: new NodeWebClient({ downloadsDir: downloads, resolve: testResolve }),
    clock: systemClock,
    cache: new WebCache(systemClock),
    allowedDomains: () => allowed,
    rememberHost: async (host) => {
      remembered.push(host);
      allowed.push(host);
    },
    timeoutMs: options.timeoutMs,
  };
  const registry = new ToolRegistry([createWebFetchTool(access) as never]);
  return {
    access,
    allowed,
    async fetch(url, decide = () => ({ decision: 'accepted' })) {
      const asked: ApprovalRequest[] = [];
      const ctx = {
        signal: new AbortController().signal,
        conversationId: 'c1',
        approve: async (request: ApprovalRequest) => {
          asked.push(request);
          return decide(request);
        },
      } as unknown as ToolContext;
      const result = await registry.invoke('WebFetch', { url }, ctx);
      return { result, asked, remembered: [...remembered] };
    },
    close: () => fsp.rm(downloads, { recursive: true, force: true }),
  };
}
