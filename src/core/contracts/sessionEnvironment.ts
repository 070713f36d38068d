/** Where the agent works, as the system prompt tells it (spec §4: the shell named is the one that runs commands). */
export interface SessionEnvironment {
  os: string;
  shell: string;
  workspaceRoot: string;
}
