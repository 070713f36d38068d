import fc from 'fast-check';
import { operand, renderWords, words, type Word } from './words';

/**
 * Issue 54's grammar, simple commands: the read-only set of spec §23 (and today's extras) with their real options,
 * the safe ones far more often than those that write, run or reach out (`-o`, `--out=`, `-uo`, `--files0-from=`,
 * `--pre=`, find's `-delete`/`-exec`/`-fprint`, git's `--output=`/`--ext-diff`/`-C`/`--git-dir`/`-c`).
 */
const { lit, raw } = words;

interface Shape {
  safe: readonly (readonly string[])[];
  unsafe?: readonly (readonly string[])[];
  /** Words before the operands (grep's pattern, tr's sets). */
  lead?: readonly (readonly string[])[];
  operands?: [min: number, max: number];
  /** Words after everything (`[`'s `]`). */
  tail?: readonly string[];
}

const shapes: Record<string, Shape> = {
  ls: { safe: [['-l'], ['-a'], ['-la'], ['-1'], ['-R'], ['-d'], ['--color=never'], ['-h'], ['-A']], unsafe: [['--hyperlink=always']], operands: [0, 2] },
  cat: { safe: [['-n'], ['-A'], ['-s'], ['-E'], ['-v']], unsafe: [['-']], operands: [0, 2] },
  head: { safe: [['-n', '2'], ['-n1'], ['-c', '20'], ['-q'], ['-3']], operands: [0, 2] },
  tail: { safe: [['-n', '2'], ['-c', '20'], ['-q'], ['-n', '+2']], unsafe: [['--pid=1']], operands: [0, 2] },
  wc: { safe: [['-l'], ['-c'], ['-w'], ['-m']], unsafe: [['--files0-from=.env'], ['--files0-from=/proc/self/environ'], ['--files0-from', 'id_rsa']], operands: [0, 2] },
  pwd: { safe: [['-P'], ['-L']], operands: [0, 0] },
  echo: { safe: [['-n'], ['-e'], ['-E']], lead: [['hello'], ['a b'], ['--'], ['x\\ty'], ['#x'], ['-e', 'x\\041']], operands: [0, 1] },
  which: { safe: [['-a']], lead: [['ls'], ['git'], ['bash']], operands: [0, 0] },
  file: { safe: [['-b'], ['-i'], ['-L'], ['-z']], unsafe: [['-C'], ['--compile'], ['-C', '-m', 'a'], ['-bC']], operands: [1, 2] },
  stat: { safe: [['-c', '%s'], ['--format=%n'], ['-L'], ['-t']], unsafe: [['--printf=%n']], operands: [1, 2] },
  du: { safe: [['-s'], ['-h'], ['-a'], ['-sh'], ['-d', '1']], unsafe: [['--files0-from=.env']], operands: [0, 2] },
  df: { safe: [['-h'], ['-T'], ['-i']], operands: [0, 1] },
  tree: { safe: [['-a'], ['-L', '1'], ['-d'], ['-I', 'src']], unsafe: [['-o', 'out.txt'], ['-R'], ['-aRo', 'x'], ['--output', 'x']], operands: [0, 1] },
  grep: {
    safe: [['-n'], ['-i'], ['-v'], ['-c'], ['-l'], ['-H'], ['-F'], ['-E'], ['-w'], ['-h'], ['-o']],
    unsafe: [['-r'], ['-R'], ['-d', 'recurse'], ['--recursive'], ['--dir=recurse'], ['--d=recurse'], ['-rl'], ['--include=*.ts', '-r'], ['-f', '.env'], ['-f.env'], ['--file=.env'], ['-d', 'read'], ['--directories=recurse'], ['-f/proc/self/environ']],
    lead: [['alpha'], ['TODO'], ['-e', 'a'], ['API'], ['.']],
    operands: [0, 2],
  },
  rg: {
    safe: [['-n'], ['-i'], ['-l'], ['-F'], ['-c'], ['--no-heading'], ['-w']],
    unsafe: [['--pre=./vendor/evil.sh'], ['--pre', 'vendor/evil.sh'], ['--hidden'], ['-u'], ['-uu'], ['--no-ignore'], ['-.'], ['--no-ignore-vcs'], ['-g', '.env'], ['--pre-glob=*', '--pre=touch'], ['-z'], ['--search-zip']],
    lead: [['alpha'], ['API'], ['TODO'], ['--files'], ['-e', 'beta']],
    operands: [0, 2],
  },
  sort: {
    safe: [['-r'], ['-n'], ['-u'], ['-f'], ['-b'], ['-k1'], ['-t:']],
    unsafe: [['-o', 'out'], ['-uo', 'out'], ['--output=out'], ['--out=out'], ['--o=out'], ['--output', 'out'], ['--files0-from=.env'], ['--compress-program=./vendor/evil.sh'], ['-T', '.'], ['-ro', 'out']],
    operands: [0, 2],
  },
  uniq: { safe: [['-c'], ['-d'], ['-u'], ['-i']], operands: [0, 2] },
  cut: { safe: [['-d:', '-f1'], ['-c1-3'], ['-f', '1'], ['-b', '1-2']], lead: [['-c1-5'], ['-f1']], operands: [0, 2] },
  diff: { safe: [['-u'], ['-q'], ['-N'], ['-b']], unsafe: [['-r'], ['--recursive'], ['--to-file=.env'], ['--from-file', '.env']], operands: [2, 2] },
  nl: { safe: [['-ba'], ['-w', '3']], operands: [0, 1] },
  tr: { safe: [['-d'], ['-s']], lead: [['a', 'b'], ['[:lower:]', '[:upper:]'], ['x']], operands: [0, 0] },
  basename: { safe: [['-a'], ['-s', '.ts']], operands: [1, 2] },
  dirname: { safe: [['-z']], operands: [1, 2] },
  realpath: { safe: [['-e'], ['-s'], ['-m']], unsafe: [['--relative-to=/proc/self/cwd']], operands: [1, 2] },
  true: { safe: [], operands: [0, 1] },
  false: { safe: [], operands: [0, 1] },
  cd: { safe: [['-P'], ['-L']], operands: [0, 1] },
};

const pick = <T>(items: readonly T[]) => fc.constantFrom(...items);

/** 0 to 3 options, each safe unless a one-in-twelve draw picks one that writes or runs something. */
function options(shape: Shape): fc.Arbitrary<string[]> {
  const choices: { arbitrary: fc.Arbitrary<readonly string[]>; weight: number }[] = [];
  if (shape.safe.length > 0) choices.push({ arbitrary: pick(shape.safe), weight: 11 });
  if (shape.unsafe && shape.unsafe.length > 0) choices.push({ arbitrary: pick(shape.unsafe), weight: 1 });
  if (choices.length === 0) return fc.constant([]);
  return fc.array(fc.oneof(...choices), { maxLength: 3 }).map((lists) => lists.flat());
}

function simple(name: string, shape: Shape, port: number): fc.Arbitrary<string> {
  const [min, max] = shape.operands ?? [0, 2];
  const lead = shape.lead ? pick(shape.lead) : fc.constant([] as readonly string[]);
  return fc.record({
    opts: options(shape),
    lead,
    dashes: fc.oneof({ arbitrary: fc.constant(false), weight: 8 }, { arbitrary: fc.constant(true), weight: 1 }),
    operands: fc.array(operand(port), { minLength: min, maxLength: max }),
    late: fc.oneof({ arbitrary: fc.constant([] as string[]), weight: 6 }, { arbitrary: options(shape), weight: 1 }),
  }).chain(({ opts, lead: leading, dashes, operands, late }) => {
    const list: Word[] = [lit(name), ...opts.map(lit), ...leading.map(lit), ...(dashes ? [lit('--')] : []), ...operands, ...late.map(lit), ...(shape.tail ?? []).map(lit)];
    return renderWords(list);
  });
}

/** `find` with starting points and an expression; `--` where the judge may read it as the end of options. */
function find(): fc.Arbitrary<string> {
  const safe = [['-name', '*.ts'], ['-type', 'f'], ['-maxdepth', '1'], ['-print'], ['-newer', 'README.md'], ['-size', '-1k'], ['-iname', 'A*'], ['-not', '-path', './.git/*'], ['-o', '-name', 'b'], ['-print0'], ['-mindepth', '1'], ['-empty']];
  const unsafe = [['-delete'], ['-exec', 'touch', '{}', ';'], ['-exec', 'cat', '{}', '+'], ['-execdir', 'touch', 'x', ';'], ['-fprint', 'out'], ['-fls', 'out'], ['-fprint0', 'out'], ['-fprintf', 'out', '%p'], ['-ok', 'touch', '{}', ';'], ['-okdir', 'true', ';']];
  const start = fc.oneof({ arbitrary: fc.constantFrom(lit('.'), lit('src'), lit('vendor'), raw('~'), raw('src/*')), weight: 6 }, { arbitrary: fc.constantFrom(lit('-delete'), lit('./-delete'), lit('-name'), lit('/proc/self/environ')), weight: 1 });
  const expression = fc.array(fc.oneof({ arbitrary: pick(safe), weight: 14 }, { arbitrary: pick(unsafe), weight: 1 }), { maxLength: 3 }).map((lists) => lists.flat());
  return fc.record({
    lead: fc.constantFrom([] as string[], [] as string[], [] as string[], ['-L'], ['-P'], ['--']),
    starts: fc.array(start, { maxLength: 2 }),
    mid: fc.constantFrom([] as string[], [] as string[], [] as string[], [] as string[], ['--']),
    expression,
  }).chain(({ lead, starts, mid, expression: expr }) => renderWords([lit('find'), ...lead.map(lit), ...starts, ...mid.map(lit), ...expr.map(lit)]));
}

/** `test`, `[` and `[[`, with the operands bash evaluates as arithmetic or array subscripts now and then. */
function tests(): fc.Arbitrary<string> {
  const safe = [['-f', 'README.md'], ['-e', 'missing'], ['-n', 'x'], ['1', '-eq', '1'], ['-d', 'src'], ['a', '=', 'b'], ['!', '-s', 'a'], ['-r', '.env']];
  const unsafe = [['-v', 'a[$(touch pwned)]'], ['a[$(touch pwned)]', '-eq', '0'], ['1', '-lt', 'x[`touch pwned`]'], ['-v', 'CANARY_API_KEY'], ['-R', 'a[$(touch pwned)]']];
  const expression = fc.oneof({ arbitrary: pick(safe), weight: 10 }, { arbitrary: pick(unsafe), weight: 1 });
  return fc.tuple(fc.constantFrom('test', '[', '[['), expression).chain(([name, expr]) => {
    const body = renderWords(expr.map(lit));
    if (name === '[[') return body.map((text) => `[[ ${text} ]]`);
    return body.map((text) => `${name} ${text}${name === '[' ? ' ]' : ''}`);
  });
}

function printf(port: number): fc.Arbitrary<string> {
  const lead = fc.oneof({ arbitrary: fc.constantFrom(['%s\\n'], ['%d\\n', '3'], ['-%s-'], ['--', '%s\\n']), weight: 10 }, { arbitrary: fc.constantFrom(['-v', 'x', '%s'], ['-v', 'a[$(touch pwned)]', '%s'], ['-v', 'PATH', '%s']), weight: 1 });
  return fc.tuple(lead, fc.array(operand(port), { maxLength: 2 })).chain(([words_, operands]) => renderWords([lit('printf'), ...words_.map(lit), ...operands]));
}

/** git: harmless global options, now and then one that points it at another repository or sets its config. */
function git(port: number): fc.Arbitrary<string> {
  const globalSafe = [['--no-pager'], ['-P'], ['--no-optional-locks'], ['--literal-pathspecs']];
  const globalUnsafe = [['-C', 'vendor/evil.git'], ['--git-dir=vendor/evil.git'], ['--git-dir', 'vendor/evil.git'], ['-c', 'core.pager=./vendor/evil.sh'], ['--work-tree=vendor'], ['--exec-path=vendor'], ['-p'], ['--paginate'], ['-C', 'vendor'], ['--bare']];
  const subcommands: Record<string, Shape> = {
    status: { safe: [['-s'], ['--short'], ['--porcelain'], ['-b'], ['-uno'], ['--ignored']], operands: [0, 1] },
    diff: { safe: [['--stat'], ['--name-only'], ['--cached'], ['HEAD~1'], ['--no-ext-diff'], ['--no-textconv'], ['--numstat']], unsafe: [['--output=out'], ['--ext-diff'], ['--textconv'], ['--out=x'], ['-Oorder'], ['--no-index', '.env', 'a'], ['--no-index', '/proc/self/environ', 'a'], ['--output', 'out']], operands: [0, 1] },
    log: { safe: [['--oneline'], ['-n', '2'], ['-p'], ['--stat'], ['-1'], ['--format=%H']], unsafe: [['--output=out'], ['--ext-diff'], ['--textconv', '-p'], ['--outp=o']], operands: [0, 1] },
    show: { safe: [['--stat'], ['HEAD'], ['HEAD~1'], ['--name-only'], ['HEAD:README.md']], unsafe: [['--output=out'], ['--ext-diff'], ['HEAD:.env'], ['--textconv']], operands: [0, 1] },
    blame: { safe: [['-L', '1,2'], ['-s'], ['-e']], lead: [['README.md'], ['src/a.ts']], operands: [0, 0] },
    'rev-parse': { safe: [['HEAD'], ['--show-toplevel'], ['--git-dir'], ['--abbrev-ref', 'HEAD'], ['--is-inside-work-tree']], operands: [0, 0] },
    'ls-files': { safe: [['-s'], ['-o'], ['--others'], ['--ignored', '--exclude-standard', '-o'], ['-m'], ['--eol']], operands: [0, 1] },
    branch: { safe: [['-a'], ['-v'], ['--list'], ['-r'], ['--show-current'], ['--contains', 'HEAD']], unsafe: [['newbranch'], ['-d', 'main'], ['-m', 'x'], ['--edit-description'], ['-c', 'x'], ['--e'], ['--t', 'x'], ['--list', '--track', 'y'], ['-f', 'z']], operands: [0, 0] },
  };
  const global = fc.array(fc.oneof({ arbitrary: pick(globalSafe), weight: 12 }, { arbitrary: pick(globalUnsafe), weight: 1 }), { maxLength: 1 }).map((lists) => lists.flat());
  return fc.tuple(global, fc.constantFrom(...Object.keys(subcommands))).chain(([globals, sub]) => simple(sub, subcommands[sub]!, port).map((rest) => ({ globals, rest })))
    .chain(({ globals, rest }) => renderWords([lit('git'), ...globals.map(lit)]).map((head) => `${head} ${rest}`));
}

/** Commands outside the read-only set that write or leak, for lines that must ask. */
export function outsiders(port: number): fc.Arbitrary<string> {
  return fc.constantFrom('touch pwned', 'tee pwned', 'cp README.md pwned', 'mv a pwned', 'env', 'printenv', 'rm a', `exec 3<>/dev/tcp/127.0.0.1/${port}`, 'x=1', 'export A=1', 'git --git-dir=vendor/evil.git log -p', 'sh -c "touch pwned"', 'eval touch pwned');
}

/** One simple command of the read-only set (the name itself quoted now and then). */
export function readOnlyCommand(port: number): fc.Arbitrary<string> {
  const names = Object.keys(shapes);
  return fc.oneof(
    { arbitrary: fc.constantFrom(...names).chain((name) => simple(name, shapes[name]!, port)), weight: 20 },
    { arbitrary: git(port), weight: 8 },
    { arbitrary: find(), weight: 4 },
    { arbitrary: tests(), weight: 2 },
    { arbitrary: printf(port), weight: 2 },
  );
}
