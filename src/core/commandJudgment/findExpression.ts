/**
 * Spec §23: find with its search predicates only. find reads its whole line as an expression: `--` ends its
 * options, not the expression (`find -- . -delete` deletes), so every word after the paths is a predicate or a
 * predicate's value, and only those listed here are known to be safe. Left out: -delete, -exec, -execdir, -ok,
 * -okdir, -fprint, -fprint0, -fprintf, -fls (write or run), -D (debug options).
 */
const flags = new Set(['-print', '-print0', '-ls', '-prune', '-empty', '-readable', '-writable', '-executable', '-true', '-false', '-depth', '-d',
  '-follow', '-mount', '-xdev', '-noleaf', '-daystart', '-ignore_readdir_race', '-noignore_readdir_race', '-nouser', '-nogroup', '-quit',
  '-not', '!', '-a', '-and', '-o', '-or', '(', ')', ',']);
const valued = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-lname', '-ilname', '-regex', '-iregex', '-regextype',
  '-type', '-xtype', '-maxdepth', '-mindepth', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-newer', '-anewer', '-cnewer', '-size',
  '-user', '-group', '-uid', '-gid', '-perm', '-links', '-inum', '-samefile', '-used', '-printf', '-fstype', '-context']);
/** `-newermt 2024-01-01`: -newerXY with X and Y among a, B, c, m, t. */
const newerXY = /^-newer[aBcm][aBcmt]$/;

/** The first word of find's arguments that is not known to be safe, or undefined. */
export function unsafeFindWord(args: readonly string[]): string | undefined {
  let i = 0;
  while (i < args.length && ['-H', '-L', '-P'].includes(args[i]!)) i++;
  if (args[i] === '--') i++;
  while (i < args.length && !isExpression(args[i]!)) i++;
  while (i < args.length) {
    const word = args[i]!;
    if (flags.has(word)) i += 1;
    else if (valued.has(word) || newerXY.test(word)) {
      if (i + 1 >= args.length) return word;
      i += 2;
    } else return word;
  }
  return undefined;
}

function isExpression(word: string): boolean {
  return (word.startsWith('-') && word !== '-') || word === '!' || word === '(' || word === ')' || word === ',';
}
