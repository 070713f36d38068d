/**
 * Glob patterns as used by Glob and Grep's `include`: `*` and `?` within a path segment, `**`
 * across segments, `[abc]`/`[!a-z]` classes, `{a,b}` alternatives, `\` escapes. Dotfiles match.
 */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  let braceDepth = 0;
  let i = 0;
  while (i < glob.length) {
    const c = glob[i]!;
    if (c === '*') {
      let j = i;
      while (glob[j] === '*') j++;
      const wholeSegment = j - i >= 2 && (i === 0 || glob[i - 1] === '/') && (j === glob.length || glob[j] === '/');
      if (!wholeSegment) re += '[^/]*';
      else if (j === glob.length) re += '.*';
      else {
        re += '(?:[^/]*/)*';
        j++; // the '/' after '**' is part of the optional group
      }
      i = j;
      continue;
    }
    if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) re += '\\[';
      else {
        let body = glob.slice(i + 1, close).replace(/\\/g, '\\\\');
        if (body.startsWith('!')) body = '^' + body.slice(1);
        re += `[${body}]`;
        i = close + 1;
        continue;
      }
    } else if (c === '{') {
      braceDepth++;
      re += '(?:';
    } else if (c === '}' && braceDepth > 0) {
      braceDepth--;
      re += ')';
    } else if (c === ',' && braceDepth > 0) re += '|';
    else if (c === '\\' && i + 1 < glob.length) {
      re += escapeRegExp(glob[i + 1]!);
      i += 2;
      continue;
    } else re += escapeRegExp(c);
    i++;
  }
  re += ')'.repeat(braceDepth);
  return new RegExp(`^${re}$`);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The leading segments without glob syntax ('src/core' for 'src/core/**\/*.ts'), so a walk can start there. */
export function staticPrefix(glob: string): string {
  const segments = glob.split('/');
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?[\]{}\\]/.test(segment)) break;
    fixed.push(segment);
  }
  return fixed.join('/');
}

/** Matcher for a path relative to the search root; a pattern without '/' matches the file name at any depth, like ripgrep's --glob. */
export function includeMatcher(include: string): (relPath: string) => boolean {
  const regex = globToRegExp(include);
  if (include.includes('/')) return (relPath) => regex.test(relPath);
  return (relPath) => regex.test(relPath.slice(relPath.lastIndexOf('/') + 1));
}
