import * as path from 'node:path';

const safeId = /^[a-z0-9][a-z0-9_-]{0,99}$/;
// Windows opens a device, not a file, for these names, whatever the extension.
const windowsDeviceName = /^(con|prn|aux|nul|com\d|lpt\d)$/;
const conversationFileName = /^([a-z0-9][a-z0-9_-]*)\.(json|json\.bak|meta\.json|log\.jsonl)$/;

export type ConversationFileRole = 'main' | 'backup' | 'meta' | 'log';

export interface ConversationFiles {
  /** The snapshot: the whole conversation as of its last compaction (or a whole conversation of format 1). */
  main: string;
  /** The previous readable snapshot, kept by each compaction. */
  backup: string;
  /** What changed since the snapshot, one record a line, appended to by each save. */
  log: string;
  /** The history view's row, so list() need not parse whole conversations. */
  meta: string;
}

export function isSafeConversationId(id: unknown): id is string {
  return typeof id === 'string' && safeId.test(id) && !windowsDeviceName.test(id);
}

/** Ids become file names: anything that could name another path is refused. */
export function assertSafeConversationId(id: unknown): asserts id is string {
  if (!isSafeConversationId(id)) {
    throw new Error(`Refusing conversation id ${JSON.stringify(id)}: ids are 1 to 100 lowercase letters, digits, '-' or '_'.`);
  }
}

export function conversationFiles(dir: string, id: string): ConversationFiles {
  return {
    main: path.join(dir, `${id}.json`),
    backup: path.join(dir, `${id}.json.bak`),
    meta: path.join(dir, `${id}.meta.json`),
    log: path.join(dir, `${id}.log.jsonl`),
  };
}

/** Which conversation file a directory entry is, if it is one. */
export function parseConversationFileName(name: string): { id: string; role: ConversationFileRole } | undefined {
  const match = conversationFileName.exec(name);
  if (!match || !isSafeConversationId(match[1])) return undefined;
  const roles: Record<string, ConversationFileRole> = { json: 'main', 'json.bak': 'backup', 'meta.json': 'meta', 'log.jsonl': 'log' };
  const role = roles[match[2]!]!;
  return { id: match[1], role };
}
