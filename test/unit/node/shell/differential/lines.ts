import fc from 'fast-check';
import { outsiders, readOnlyCommand } from './commands';

/**
 * Issue 54's grammar, whole lines: commands behind wrappers, with redirections, joined by separators, and now and
 * then a hostile fragment (a control character, a comment, a substitution, a backslash before CR) spliced in.
 * Mostly safe pieces, so that a good share of lines is judged read-only and runs. No NUL: `bash -c` takes its line
 * as a C string, so a NUL could not reach bash as the judge saw it (the judge must ask for one: spec §23).
 */
const wrappers = ['time ', '\\time ', 'nice ', 'nice -n 5 ', 'timeout 5 ', 'timeout -k 1 5 ', 'env ', 'env -i ', 'env -u HOME ', 'env -C src ', 'command ', 'command -p ', 'time -p '];
const hostileWrappers = ["env -S'touch pwned' ", 'env -vS"touch pwned" ', 'env X=1 ', 'timeout -s KILL ', 'nice -n ', "env --split-string='touch pwned' ", 'env -- ', '\\time --output=pwned ', 'exec '];

function redirections(port: number): fc.Arbitrary<string> {
  const harmless = ['2>/dev/null', '> /dev/null', '2>&1', '>&2', '2>&-', '< README.md', '<<< hello', '0<a', '&>/dev/null', '1>>/dev/null'];
  const hostile = ['> out', '>> out', '2> err', '&> out', '>| out', '< .env', '<> f', '>& out', '< .e*', '< .e[n]v', '< /proc/self/environ', `< /dev/tcp/127.0.0.1/${port}`, `> /dev/tcp/127.0.0.1/${port}`, `< /dev/udp/127.0.0.1/${port}`, '< ~/.ss*/id_r*', '< .[[:alpha:]]nv', '< id_[r]sa', '<<< "$(touch pwned)"', '3< .env', '< ~+/.env', '<"$HOME/.ssh/id_rsa"', "< '.env'", '< *'];
  return fc.array(fc.oneof({ arbitrary: fc.constantFrom(...harmless), weight: 10 }, { arbitrary: fc.constantFrom(...hostile), weight: 1 }), { maxLength: 2 })
    .map((list) => list.map((r) => ` ${r}`).join(''));
}

function wrapped(port: number): fc.Arbitrary<string> {
  const wrapper = fc.oneof({ arbitrary: fc.constant(''), weight: 20 }, { arbitrary: fc.constantFrom(...wrappers), weight: 4 }, { arbitrary: fc.constantFrom(...hostileWrappers), weight: 1 });
  const command = fc.oneof({ arbitrary: readOnlyCommand(port), weight: 40 }, { arbitrary: outsiders(port), weight: 1 });
  return fc.tuple(wrapper, command, redirections(port)).map(([w, c, r]) => `${w}${c}${r}`);
}

const separators = [' ; ', '; ', ' && ', ' || ', ' | ', ' |& ', '\n', ' & ', ';', '&&', '|'];

const hostileFragments = [
  '\r', '\v', '\f', '\\\r\n', '\\\r', ' #', ' # $(touch pwned)', ' $(touch pwned)', ' `touch pwned`', ' <(touch pwned)', '\rtouch pwned',
  '\ntouch pwned', ';touch pwned', '\\\rtouch pwned', ' \\\r\ntouch pwned', '\r\ntouch pwned', '\vtouch pwned', '\ftouch pwned', ' #\rtouch pwned',
  '\\\n', ' ${x:-$(touch pwned)}', ' $((1))', ' &', ' 2>&1 >/dev/null', "$'\\x2e'env", ' \\\\\r', ' ">"out', ' {a,b}',
];

/** A fragment spliced at a random place: between words (most of the time) or inside one. */
function splice(line: string, fragment: string, at: number): string {
  const spaces = [...line.matchAll(/ /g)].map((match) => match.index);
  const cuts = [0, ...spaces, line.length];
  const cut = at < 0.75 ? cuts[Math.floor((at / 0.75) * cuts.length) % cuts.length]! : Math.floor(((at - 0.75) / 0.25) * (line.length + 1));
  return line.slice(0, cut) + fragment + line.slice(cut);
}

/** A generated command line: one to three commands, rarely with a hostile fragment. */
export function commandLine(port: number): fc.Arbitrary<string> {
  const joined = fc.tuple(wrapped(port), fc.array(fc.tuple(fc.constantFrom(...separators), wrapped(port)), { maxLength: 2 }), fc.constantFrom('', '', '', '', '', '', ' &', ';', '\n'))
    .map(([first, rest, end]) => first + rest.map(([separator, command]) => separator + command).join('') + end);
  const fragment = fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: fc.tuple(fc.constantFrom(...hostileFragments), fc.double({ min: 0, max: 0.999, noNaN: true })), weight: 1 });
  return fc.tuple(joined, fragment).map(([line, hostile]) => (hostile ? splice(line, hostile[0], hostile[1]) : line));
}
