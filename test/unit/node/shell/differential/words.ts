import fc from 'fast-check';

/**
 * Issue 54's grammar, words: a literal (what the program should receive) rendered with any of bash's quotings, and
 * raw text (a glob, a brace, a tilde) that must stay unquoted to expand, optionally behind a quoted prefix.
 */
export type Word = { literal: string } | { raw: string; prefix?: string };

const bareSafe = /^[A-Za-z0-9_./:=%,+@-]+$/;

function single(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function double(text: string): string {
  return `"${text.replace(/["$`\\]/g, '\\$&')}"`;
}

function ansiC(text: string): string {
  return `$'${text.replace(/['\\]/g, '\\$&')}'`;
}

function backslashed(text: string): string {
  return [...text].map((char) => (/[A-Za-z0-9]/.test(char) ? char : `\\${char}`)).join('');
}

function bare(text: string): string {
  return bareSafe.test(text) ? text : single(text);
}

type Quoting = (text: string) => string;
const quotings: { arbitrary: fc.Arbitrary<Quoting>; weight: number }[] = [
  { arbitrary: fc.constant(bare), weight: 30 },
  { arbitrary: fc.constant(single), weight: 4 },
  { arbitrary: fc.constant(double), weight: 4 },
  { arbitrary: fc.constant(backslashed), weight: 2 },
  { arbitrary: fc.constant(ansiC), weight: 1 },
];
const quoting = fc.oneof(...quotings);

/** A literal word with one quoting, or cut in two with two quotings (`'--out'put=x`, `.e"nv"`). */
export function renderLiteral(text: string): fc.Arbitrary<string> {
  if (text === '') return fc.constantFrom("''", '""');
  return fc.oneof(
    { arbitrary: quoting.map((quote) => quote(text)), weight: 10 },
    { arbitrary: fc.tuple(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), quoting, quoting).map(([cut, a, b]) => (text.length < 2 ? a(text) : a(text.slice(0, cut)) + b(text.slice(cut)))), weight: 1 },
  );
}

export function renderWord(word: Word): fc.Arbitrary<string> {
  if ('literal' in word) return renderLiteral(word.literal);
  if (word.prefix === undefined) return fc.constant(word.raw);
  return renderLiteral(word.prefix).map((prefix) => prefix + word.raw);
}

/** Words rendered one by one and joined by a space (a tab now and then). */
export function renderWords(words: readonly Word[]): fc.Arbitrary<string> {
  if (words.length === 0) return fc.constant('');
  return fc.tuple(...words.map(renderWord), fc.array(fc.constantFrom(' ', ' ', ' ', '\t', '  '), { minLength: words.length, maxLength: words.length }))
    .map((parts) => {
      const rendered = parts.slice(0, -1) as string[];
      const spaces = parts.at(-1) as string[];
      return rendered.map((text, i) => (i === 0 ? text : spaces[i]! + text)).join('');
    });
}

const lit = (literal: string): Word => ({ literal });
const raw = (text: string, prefix?: string): Word => (prefix === undefined ? { raw: text } : { raw: text, prefix });

/** Files of the fixture that hold nothing secret. */
export const plainFiles: readonly Word[] = ['README.md', 'src/a.ts', 'src/b.ts', 'a', 'b', 'notes.txt', 'src', '.', 'vendor', 'missing', './-delete', '.gitignore', 'src/../a'].map(lit);

/** Operands that read a secret, the environment, the network or the hostile repository, spelled plainly. */
export function hostileFiles(port: number): Word[] {
  return [
    '.env', './.env', 'src/../.env', 'id_rsa', '/proc/self/environ', '/proc/self/cwd/.env', `/dev/tcp/127.0.0.1/${port}`,
    `/dev/udp/127.0.0.1/${port}`, 'vendor/evil.git', 'vendor/evil.git/config', '-delete', 'home/.ssh/id_rsa',
  ].map(lit);
}

/** Globs, braces and tildes: the harmless ones most of the time, and those that reach a secret. */
export const safeExpansions: readonly Word[] = [raw('*'), raw('src/*.ts'), raw('*.ts', 'src/'), raw('?'), raw('{a,b}'), raw('~'), raw('n*'), raw('[ab]'), raw('src/[ab].ts')];
export const secretExpansions: readonly Word[] = [
  raw('.e*'), raw('*', '.e'), raw('.e[n]v'), raw('.[[:alpha:]]nv'), raw('.en?'), raw('i?_rsa'), raw('{a,.env}'), raw('.e{n,}v'),
  raw('~/.ssh/id_rsa'), raw('~/.ss*/id_r*'), raw('~+/.env'), raw('.??*'), raw('[.]env'), raw('.[e]nv'), raw('.e[!x]v'), raw('id_[r]sa'),
  raw('~/.ss[h]/id_rsa'), raw('*/.ssh/id*', 'home'), raw('.[^x]nv'),
];

/** An operand: mostly a plain file, sometimes an expansion, now and then a hostile one. */
export function operand(port: number): fc.Arbitrary<Word> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...plainFiles), weight: 14 },
    { arbitrary: fc.constantFrom(...safeExpansions), weight: 4 },
    { arbitrary: fc.constantFrom(...secretExpansions), weight: 2 },
    { arbitrary: fc.constantFrom(...hostileFiles(port)), weight: 1 },
  );
}

export const words = { lit, raw };
