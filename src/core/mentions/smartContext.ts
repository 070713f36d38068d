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
import { english, type Translator, type UserText } from '../ports/translator';

/** A broad keyword (`@file:test`) can match hundreds of files; past these the rest are named, not read. */
export const maxContextFiles = 10;
export const maxContextTotalBytes = 400 * 1024;
const maxNamedLeftovers = 20;

export interface SmartContext {
  /** `<Context>…</Context>` to append to the user's message; '' when the text has no `@file:` reference. */
  block: string;
  /** Workspace-relative paths whose content is in the block, in block order. */
  files: string[];
  /** For the user (in their words), also written into the block for the model (in English): misses, refusals, unread files. */
  warnings: string[];
}

/**
 * Seed 000 §2.1 Smart Context Extractor: reads the files each `@file:keyword` names and wraps them as
 * `<Context><File path="…"><![CDATA[…]]></File>…</Context>`, with a `<Warning>` per keyword that
 * yields nothing and a `<Note>` naming matches left unread.
 */
export async function extractSmartContext(text: string, fs: WorkspaceFs, l10n: Translator = english): Promise<SmartContext> {
  const keywords = [...new Set(findFileReferences(text).map((r) => r.keyword))];
  if (keywords.length === 0) return { block: '', files: [], warnings: [] };

  let listing: Promise<string[]> | undefined;
  const searchableFiles = () => (listing ??= listSearchableFiles(fs));
  const elements: string[] = [];
  const files: string[] = [];
  const warnings: string[] = [];
  const leftovers: string[] = [];
  let totalBytes = 0;
  const warn = (message: UserText) => {
    warnings.push(message(l10n));
    elements.push(`<Warning>${xmlText(message(english))}</Warning>`);
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
        warn((l10n) => l10n.t('{0}: {1} leads outside the workspace; it was not read', `@file:${keyword}`, candidate));
        continue;
      }
      if (confined.status !== 'found' || confined.kind !== 'file') continue;
      const path = confined.path;
      // A link named notes.txt may point at .env: the real name counts too.
      const secret = secretFileReason(path) ?? secretFileReason(await fs.realPath(path).catch(() => path));
      if (secret) {
        warn((l10n) => l10n.t('{0}: {1} may hold secrets; it was not attached. Ask CodeAgent to Read it if it should (you will be asked first).', `@file:${keyword}`, path));
        continue;
      }
      let content: ContextFileText;
      try {
        content = boundedContextText((await readTextFile(fs, path)).raw);
      } catch (error) {
        warn((l10n) => l10n.t('{0}: {1} was not read: {2}', `@file:${keyword}`, path, errorMessage(error)));
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
    warnings.push(leftoverNote(leftovers, l10n));
    elements.push(`<Note>${xmlText(leftoverNote(leftovers, english))}</Note>`);
  }
  return { block: `<Context>\n${elements.join('\n')}\n</Context>`, files, warnings };
}

function missMessage(keyword: string, match: Exclude<KeywordMatch, { kind: 'files' }>): UserText {
  switch (match.kind) {
    case 'directory':
      return (l10n) => l10n.t('{0} is a folder ({1}), not a file; name a file, or mention the folder as {2}', `@file:${keyword}`, match.path, `@${match.path}/`);
    case 'outside':
      return (l10n) => l10n.t('{0} is outside the workspace; it was not read', `@file:${keyword}`);
    case 'none':
      return (l10n) => l10n.t('No file matches {0}', `@file:${keyword}`);
  }
}

function leftoverNote(leftovers: readonly string[], l10n: Translator): string {
  const named = leftovers.slice(0, maxNamedLeftovers).join(', ');
  const more = leftovers.length - maxNamedLeftovers;
  const list = more > 0 ? l10n.t('{0} and {1} more', named, more) : named;
  const limit = [maxContextFiles, maxContextTotalBytes / 1024, list] as const;
  return leftovers.length === 1
    ? l10n.t('1 more matching file was not read (limit {0} files / {1} KB in total): {2}. Use the Read tool if it is relevant.', ...limit)
    : l10n.t('{3} more matching files were not read (limit {0} files / {1} KB in total): {2}. Use the Read tool if they are relevant.', ...limit, leftovers.length);
}
