import type { WorkspaceFs } from '../ports/workspaceFs';
import { neutraliseOwnMarkup } from '../context/untrustedMarkup';
import { readTextFile } from '../tools/fileAccess';
import { secretFileReason } from '../tools/secretFiles';
import { boundedContextText, type ContextFileText } from './contextFileText';
import { cdata, xmlAttribute, xmlText } from './contextXml';
import { findFileReferences } from './fileReferences';
import { findFilesForKeyword, type KeywordMatch } from './fileKeywordSearch';
import { utf8Length } from './utf8Length';
import { listSearchableFiles } from './workspaceFileList';
import { lookUpWorkspacePath } from './workspacePathLookup';
import { errorMessage } from '../errorMessage';

/** A broad keyword (`@file:test`) can match hundreds of files; past these the rest are named, not read. */
export const maxContextFiles = 10;
export const maxContextTotalBytes = 400 * 1024;
const maxNamedLeftovers = 20;

export interface SmartContext {
  /** `<Context>…</Context>` to append to the user's message; '' when the text has no `@file:` reference. */
  block: string;
  /** Workspace-relative paths whose content is in the block, in block order. */
  files: string[];
  /** For the user, also written into the block for the model: misses, refusals, unread files. */
  warnings: string[];
}

/**
 * Seed 000 §2.1 Smart Context Extractor: reads the files each `@file:keyword` names and wraps them as
 * `<Context><File path="…"><![CDATA[…]]></File>…</Context>`, with a `<Warning>` per keyword that
 * yields nothing and a `<Note>` naming matches left unread.
 */
export async function extractSmartContext(text: string, fs: WorkspaceFs): Promise<SmartContext> {
  const keywords = [...new Set(findFileReferences(text).map((r) => r.keyword))];
  if (keywords.length === 0) return { block: '', files: [], warnings: [] };

  let listing: Promise<string[]> | undefined;
  const searchableFiles = () => (listing ??= listSearchableFiles(fs));
  const elements: string[] = [];
  const files: string[] = [];
  const warnings: string[] = [];
  const leftovers: string[] = [];
  let totalBytes = 0;
  const warn = (message: string) => {
    warnings.push(message);
    elements.push(`<Warning>${xmlText(message)}</Warning>`);
  };

  for (const keyword of keywords) {
    const match = await findFilesForKeyword(fs, keyword, searchableFiles);
    if (match.kind !== 'files') {
      warn(missMessage(keyword, match));
      continue;
    }
    for (const candidate of match.paths) {
      if (files.includes(candidate) || leftovers.includes(candidate)) continue;
      if (files.length >= maxContextFiles || totalBytes >= maxContextTotalBytes) {
        leftovers.push(candidate);
        continue;
      }
      const confined = await lookUpWorkspacePath(fs, candidate);
      if (confined.status === 'outside') {
        warn(`@file:${keyword}: ${candidate} leads outside the workspace; it was not read`);
        continue;
      }
      if (confined.status !== 'found' || confined.kind !== 'file') continue;
      const path = confined.path;
      // A link named notes.txt may point at .env: the real name counts too.
      const secret = secretFileReason(path) ?? secretFileReason(await fs.realPath(path).catch(() => path));
      if (secret) {
        warn(`@file:${keyword}: ${path} may hold secrets; it was not attached. Ask CodeAgent to Read it if it should (you will be asked first).`);
        continue;
      }
      let content: ContextFileText;
      try {
        content = boundedContextText((await readTextFile(fs, path)).raw);
      } catch (error) {
        warn(`@file:${keyword}: ${path} was not read: ${errorMessage(error)}`);
        continue;
      }
      const size = utf8Length(content.text);
      if (files.length > 0 && totalBytes + size > maxContextTotalBytes) {
        leftovers.push(path);
        continue;
      }
      totalBytes += size;
      files.push(path);
      const truncated = content.truncation ? ` truncated="${xmlAttribute(content.truncation)}"` : '';
      elements.push(`<File path="${xmlAttribute(path)}"${truncated}>${cdata(neutraliseOwnMarkup(content.text))}</File>`);
    }
  }

  if (leftovers.length > 0) {
    const note = leftoverNote(leftovers);
    warnings.push(note);
    elements.push(`<Note>${xmlText(note)}</Note>`);
  }
  return { block: `<Context>\n${elements.join('\n')}\n</Context>`, files, warnings };
}

function missMessage(keyword: string, match: Exclude<KeywordMatch, { kind: 'files' }>): string {
  switch (match.kind) {
    case 'directory':
      return `@file:${keyword} is a folder (${match.path}), not a file; name a file, or mention the folder as @${match.path}/`;
    case 'outside':
      return `@file:${keyword} is outside the workspace; it was not read`;
    case 'none':
      return `No file matches @file:${keyword}`;
  }
}

function leftoverNote(leftovers: readonly string[]): string {
  const named = leftovers.slice(0, maxNamedLeftovers).join(', ');
  const rest = leftovers.length > maxNamedLeftovers ? ` and ${leftovers.length - maxNamedLeftovers} more` : '';
  const count = leftovers.length === 1 ? '1 more matching file was' : `${leftovers.length} more matching files were`;
  return `${count} not read (limit ${maxContextFiles} files / ${maxContextTotalBytes / 1024} KB in total): ${named}${rest}. Use the Read tool if they are relevant.`;
}
