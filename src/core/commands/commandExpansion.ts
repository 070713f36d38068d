/** A `${input:name}` or `${input:name:default}` of a command's body: the user is asked for it. */
export interface CommandInput {
  name: string;
  defaultValue?: string;
}

/** A command asks at most this many questions; more is a mistake (or a file made to pester). */
export const maxCommandInputs = 10;

const placeholder = /\$ARGUMENTS\b|\$([1-9])(?![0-9])|\$\{input:([A-Za-z_][A-Za-z0-9_-]*)(?::([^}\n]*))?\}/g;

/** `/frontend:test a b` → name and the text after it (its own spacing kept); null when the text is no `/name`. */
export function parseCommandInvocation(text: string): { name: string; args: string } | null {
  const match = /^\s*\/([A-Za-z0-9_][A-Za-z0-9_.:-]*)(?:[ \t\r\n]+([\s\S]*))?$/.exec(text);
  return match ? { name: match[1]!, args: (match[2] ?? '').trim() } : null;
}

/**
 * The words `$1`…`$9` stand for: split on white space; "double" or 'single' quotes keep spaces inside one word
 * (and are dropped). An unmatched quote is an ordinary character: `it's here` is two words.
 */
export function commandWords(args: string): string[] {
  const words: string[] = [];
  const word = /"([^"]*)"(?=\s|$)|'([^']*)'(?=\s|$)|(\S+)/g;
  for (let match = word.exec(args); match; match = word.exec(args)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

/** The inputs the body asks for, each name once (the first default wins), in order. */
export function commandInputs(body: string): CommandInput[] {
  const inputs = new Map<string, CommandInput>();
  for (const match of body.matchAll(placeholder)) {
    const name = match[2];
    if (!name || inputs.has(name)) continue;
    inputs.set(name, match[3] === undefined ? { name } : { name, defaultValue: match[3] });
  }
  return [...inputs.values()];
}

/**
 * The prompt a command sends (spec §17): `$ARGUMENTS` → everything after the name, `$1`…`$9` → its words (none:
 * empty), `${input:…}` → the answers. One pass over the body: a `$1` or `${input:x}` inside the arguments or an
 * answer stays as typed. A body without `$ARGUMENTS` or `$1`… gets the arguments appended, as Claude Code does.
 */
export function expandCommand(body: string, args: string, answers: ReadonlyMap<string, string>): string {
  const words = commandWords(args);
  let usesArguments = false;
  const expanded = body.replace(placeholder, (whole, index: string | undefined, input: string | undefined) => {
    if (input !== undefined) return answers.get(input) ?? whole;
    usesArguments = true;
    return index === undefined ? args : (words[Number(index) - 1] ?? '');
  });
  return !usesArguments && args ? `${expanded}\n\nARGUMENTS: ${args}` : expanded;
}
