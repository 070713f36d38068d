import type { z } from 'zod';
import type { Translator, UserText } from '../ports/translator';

type FieldWords = (l10n: Translator, field: string) => string;

/**
 * What our own zod schemas (agent, command, skill and MCP server files) say about a field, in the user's language
 * (spec §20). A schema's message is one of these keys (`schemaMessage('mustBeString')`); describeIssues words it with
 * the field's name. Any other message is zod's own words, shown as zod gave them.
 */
const schemaWords = {
  isRequired: (l10n, field) => l10n.t('{0} is required', field),
  mustBeString: (l10n, field) => l10n.t('{0} must be a string', field),
  mustBeMapping: (l10n, field) => l10n.t('{0} must be a YAML mapping', field),
  agentName: (l10n, field) => l10n.t('{0} must be 1 to 64 lowercase letters, digits, "-" or "_", starting with a letter or digit', field),
  toolList: (l10n, field) => l10n.t('{0} must be a list of tool names (or one comma-separated string)', field),
  contextMode: (l10n, field) => l10n.t('{0} must be "isolated" or "shared"', field),
  toolRules: (l10n, field) => l10n.t('{0} must be an object with "allow" and/or "deny" lists', field),
  agentHeader: (l10n, field) => l10n.t('{0} is missing: an agent file starts with a "---" block holding at least "name"', field),
  skillName: (l10n, field) => l10n.t('{0}: lowercase letters, digits and hyphens only', field),
  isEmpty: (l10n, field) => l10n.t('{0}: is empty', field),
  commandEmpty: (l10n, field) => l10n.t('{0}: command is empty', field),
  urlEmpty: (l10n, field) => l10n.t('{0}: url is empty', field),
} satisfies Record<string, FieldWords>;

export type SchemaMessage = keyof typeof schemaWords;

const prefix = 'codeagent.schema.';

/** A schema's `error` (or a check's message): the key describeIssues words in the user's language. */
export function schemaMessage(key: SchemaMessage): string {
  return `${prefix}${key}`;
}

/**
 * One line per issue, joined with "; ": `tools.allow must be …`. `whole` names what an issue without a path is
 * about (the front matter, the server).
 */
export function describeIssues(error: z.ZodError, whole: UserText): UserText {
  return (l10n) => error.issues.map((issue) => issueText(issue, whole)(l10n)).join('; ');
}

export function issueText(issue: z.ZodError['issues'][number], whole: UserText): UserText {
  return (l10n) => {
    const field = issue.path.length ? issue.path.join('.') : whole(l10n);
    const key = issue.message.startsWith(prefix) ? issue.message.slice(prefix.length) : undefined;
    const words = key !== undefined && Object.hasOwn(schemaWords, key) ? schemaWords[key as SchemaMessage] : undefined;
    return words ? words(l10n, field) : l10n.t('{0}: {1}', field, issue.message);
  };
}
