/**
 * Spec §23: `approval.commandDenyList`'s defaults (package.json repeats them; a unit test keeps both equal). Each
 * always asks, whatever else would let the command run unasked, the sandbox included. denyListMatch.ts shows each
 * entry every text of a sub-command — as written, its name's basename with each wrapper taken off, normalised
 * (`-rf` → `-r -f`, `$HOME`/`${HOME}` → `~`, paths resolved: `/.//` → `/`, `a/../..` → `..`, no trailing `/`) — and
 * the whole line, as written and as its sub-commands' normalised texts one a line. An expansion keeps its `$…`
 * (or backtick) text: where an entry needs a literal (a name, a target, a flag), `[$`]` makes it ask.
 */

/** `rm -r`'s targets that take everything: `/`, a top-level folder, `~`, `~user`, `.`, `*`, `..`, `../..`, `/*`. */
const wholeTree = String.raw`\/\*?|\/[^\/\s]+(\/\*)?|~[^\/\s]*(\/\.\.)*(\/\*)?|\.|\*|\.\.(\/\.\.)*(\/\*)?`;
/** The same without `.` and `*`: `chmod -R 755 .` is an ordinary thing to do in a project. */
const outsideTree = String.raw`\/\*?|\/[^\/\s]+(\/\*)?|~[^\/\s]*(\/\.\.)*(\/\*)?|\.\.(\/\.\.)*(\/\*)?`;
/** A shell or interpreter, run on code it does not hold as a literal word. */
const shells = String.raw`(ba|da|k|mk|z|fi|c|tc|pdk|y)?sh|python[\d.]*|pypy[\d.]*|node|nodejs|perl|ruby|php|lua|osascript|pwsh|tclsh|source|\.`;
const downloaders = String.raw`curl|wget|fetch|aria2c|http|https|xh|lwp-request`;
/** Block devices (Linux, macOS): writing to one destroys a file system. */
const disk = String.raw`\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|r?disk|md|dm-|loop|mapper\/)\S*`;

export const defaultCommandDenyList: readonly string[] = [
  // Another user's rights: sudo, doas, pkexec, su, run0.
  String.raw`/^(sudo|sudoedit|doas|pkexec|su|run0)(\s|$)/`,
  // A command whose name is an expansion: `$X -rf /`, `"$(echo sudo)" ls`.
  String.raw`/^\S*[$` + '`' + String.raw`]/`,
  // rm -r of the root, a top-level folder, the home folder, the project, its parent; or of an expansion.
  `/^rm\\s(?=(.*\\s)?(-r|-R|--r\\S*)(\\s|$))(.*\\s)?(${wholeTree}|\\S*[$\`]\\S*)(\\s|$)/`,
  String.raw`/^rm\s(.*\s)?--no-pre\S*(\s|$)/`,
  // chmod, chown, chgrp -R of the root, a top-level folder, the home folder or the parent; or of an expansion.
  `/^(chmod|chown|chgrp)\\s(?=(.*\\s)?(-R|--rec\\S*)(\\s|$))(.*\\s)?[^-\\s]\\S*\\s(.*\\s)?(${outsideTree}|\\S*[$\`]\\S*)(\\s|$)/`,
  String.raw`/^chmod\s(?=(.*\s)?(-R|--rec\S*)(\s|$))(.*\s)?(0*777|a[+=]rwx|ugo[+=]rwx|[ao]\+w)(\s|$)/`,
  // A download run by a shell or an interpreter reading its code from stdin: `curl … | sh`, `wget -O- … |& sudo python3`.
  `/^(?=[\\s\\S]*(^|\\n)(${downloaders})(\\s|$))[\\s\\S]*(^|\\n)(${shells})(\\s+-\\S*)*(\\s+-s(\\s[^\\n]*)?|\\s+(\\/dev\\/stdin|\\/dev\\/fd\\/\\d+|\\/proc\\/self\\/fd\\/\\d+)[^\\n]*)?(\\s+<+\\s*[^\\n]*)?(\\n|$)/`,
  // A shell or interpreter whose code is an expansion: `bash -c "$(curl …)"`, `sh <(wget …)`, `eval "$X"`.
  `/^(${shells}|eval)(\\s+-\\S*)*\\s+(<\\s*)?(\\S*[$\`]|<\\()/`,
  // git push that rewrites or deletes: -f, --force, --force-with-lease, +ref, :branch, --delete, -d, --mirror, --prune.
  `/^git\\s(.*\\s)?push(\\s.*)?\\s(-f|-d|--for\\S*|--mi\\S*|--de\\S*|--pru\\S*|\\+\\S*|:\\S*|\\S*[$\`]\\S*)(\\s|$)/`,
  // A function that calls itself (a fork bomb, whatever its name): `:(){ :|:& };:`.
  String.raw`/(^|[\s;&|(){}])([^\s;&|(){}<>'"$]+)\s*\(\s*\)\s*\{([^}]*[;&|(])?\s*\2(?=[\s;&|)}])|function\s+([^\s;&|(){}<>'"$]+)[\s()]*\{([^}]*[;&|(])?\s*\4(?=[\s;&|)}])/`,
  // File systems and disks: mkfs.*, wipefs, shred, dd of=/dev/…, a redirection or tee to a disk.
  String.raw`/^(mkfs(\.\S+)?|mke2fs|mkswap|wipefs|shred|newfs\S*|diskutil\s+(erase\S*|zeroDisk|randomDisk|secureErase|partitionDisk|reformat))(\s|$)/`,
  String.raw`/^dd\s(.*\s)?of=(\/dev\/(?!(null|zero|stdout|stderr|tty|fd\/\d+)(\s|$))|\S*[$` + '`' + String.raw`])/`,
  `/((^|\\s)(>|>>|>\\||&>|&>>|>&|<>)\\s*|^tee\\s(.*\\s)?)${disk}/`,
  // find that deletes from the root, a top-level folder, the home folder or the parent.
  `/^find\\s+(${outsideTree})\\s(.*\\s)?(-delete|-exec(dir)?\\s+(rm|shred)(\\s|$))/`,
];
