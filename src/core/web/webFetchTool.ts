import { z } from 'zod';
import webFetchDoc from '../../../prompts/tools/webFetch.md';
import { dataOf, historyRecord } from '../tools/historyRecord';
import { success } from '../tools/toolResults';
import type { ToolDefinition } from '../tools/toolTypes';
import type { WebAccess } from './webAccess';
import { webLimits } from './webAccess';
import { contentKind, readableContent } from './webContent';
import { fetchWithRedirects } from './webFetch';
import { capText, fetchHistoryData, fetchResultText, type WebFetchData } from './webResult';

const schema = z.object({
  url: z.string().min(1).describe('The absolute http:// or https:// URL'),
  prompt: z.string().optional().describe('What to look for in the page'),
});
export type WebFetchParams = z.infer<typeof schema>;

/** Spec §22 WebFetch: asked per host, checked per address, its content fenced as untrusted input. */
export function createWebFetchTool(access: WebAccess): ToolDefinition<WebFetchParams> {
  return {
    name: 'WebFetch',
    kind: 'read',
    schema,
    doc: webFetchDoc,
    paramNames: ['url', 'prompt'],

    async run(params, ctx) {
      const key = params.url.trim();
      const cached = access.cache.get(key);
      if (cached) return success({ ...cached, fromCache: true }, fetchResultText({ ...cached, fromCache: true }, params.prompt));
      const fetched = await fetchWithRedirects(key, access, ctx);
      const { response, url } = fetched;
      const base = { url: key, finalUrl: url.href, host: fetched.host, status: response.status, statusText: response.statusText, contentType: response.contentType, bytes: response.body.byteLength, elapsedMs: fetched.elapsedMs };
      let data: WebFetchData;
      if (contentKind(response.contentType, response.body) === 'binary') {
        const savedPath = await access.client.saveDownload(ctx.conversationId ?? 'unsaved', url, response.contentType, response.body);
        data = { ...base, title: '', content: '', truncated: false, savedPath };
      } else {
        const { title, content } = readableContent(access.client, url, response.contentType, response.body);
        const capped = capText(content, webLimits.maxChars);
        data = { ...base, title, content: capped.text, truncated: capped.truncated };
      }
      if (response.status < 400) access.cache.set(key, data);
      return success(data, fetchResultText(data, params.prompt));
    },

    compress(_params, result) {
      const data = dataOf<WebFetchData>(result);
      if (result.status !== 'success' || data.finalUrl === undefined) return historyRecord(result, undefined);
      return historyRecord(result, fetchHistoryData(data as WebFetchData));
    },
  };
}
