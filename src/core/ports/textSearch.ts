/** Regex search over workspace files for the Grep tool: ripgrep in src/node, a JS scan as fallback. */

export interface TextSearchQuery {
  /** Regular expression; a leading `(?i)` makes it case-insensitive. */
  pattern: string;
  /** Workspace-relative directory or file to search. */
  path: string;
  /** Glob filter on file names (`*.ts`) or, when it contains '/', on paths relative to `path`. */
  include?: string;
  /** Stop after this many matching lines. */
  maxResults: number;
}

export interface TextMatch {
  /** Workspace-relative, POSIX separators. */
  path: string;
  /** 1-based. */
  line: number;
  text: string;
}

export interface TextSearchResult {
  matches: TextMatch[];
  /** More matches exist than were returned. */
  truncated: boolean;
  backend: 'ripgrep' | 'js';
}

/** Files for the Glob tool: not ignored by .gitignore, outside `.git`. */
export interface FileQuery {
  /** Workspace-relative directory to list. */
  path: string;
  /** A glob on paths relative to `path`: a hint to narrow the listing; the caller matches exactly. */
  glob: string;
}

export interface FileListing {
  /** Workspace-relative, POSIX separators, every file under `path` the glob may match (a superset is fine). */
  files: string[];
  backend: 'ripgrep' | 'js';
}

export interface TextSearch {
  search(query: TextSearchQuery, signal?: AbortSignal): Promise<TextSearchResult>;
  listFiles(query: FileQuery, signal?: AbortSignal): Promise<FileListing>;
}
