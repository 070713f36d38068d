/**
 * One change the agent made to a file, as the tools report it (FileChange in tools/approval.ts
 * fits): content before and after, undefined where the file did not exist.
 */
export interface FileWrite {
  path: string;
  before: string | undefined;
  after: string | undefined;
}
