import { strict as assert } from 'node:assert';
import { memoryPathText, parseMemoryPath } from '../../../../src/core/memory/memoryPaths';
import { secretInText } from '../../../../src/core/tools/secretText';

describe('memory paths (spec §21)', () => {
  it('takes /memories, its two memories and the paths inside them', () => {
    assert.deepEqual(parseMemoryPath('/memories'), { ok: true, path: { kind: 'root' } });
    assert.deepEqual(parseMemoryPath('/memories/'), { ok: true, path: { kind: 'root' } });
    assert.deepEqual(parseMemoryPath('/memories/user'), { ok: true, path: { kind: 'scoped', scope: 'user', rel: '' } });
    assert.deepEqual(parseMemoryPath('/memories/project/MEMORY.md'), { ok: true, path: { kind: 'scoped', scope: 'project', rel: 'MEMORY.md' } });
    assert.deepEqual(parseMemoryPath(' /memories/project/topics/build.md '), { ok: true, path: { kind: 'scoped', scope: 'project', rel: 'topics/build.md' } });
    assert.equal(memoryPathText({ kind: 'scoped', scope: 'user', rel: 'a/b.md' }), '/memories/user/a/b.md');
  });

  const refused: [string, RegExp][] = [
    ['/memories/project/../../.ssh/id_rsa', /`\.\.` and `\.`/],
    ['/memories/../etc/passwd', /`\.\.`/],
    ['/memories/user/./x.md', /`\.\.` and `\.`/],
    ['/memories/user/%2e%2e/x', /percent-encoded/],
    ['/memories/user\\..\\x', /not \\/],
    ['/etc/passwd', /outside \/memories/],
    ['memories/user/x.md', /outside \/memories/],
    ['/memoriesX/user/x.md', /outside \/memories/],
    ['/memories/session/x.md', /no memory named "session"/],
    ['/memories/user//x.md', /empty folder name/],
    ['/memories/user/~/x.md', /home folder/],
    ['/memories/user/C:/x.md', /drive/],
    ['/memories/user/x\u0000.md', /control character/],
  ];
  for (const [path, why] of refused) {
    it(`refuses ${JSON.stringify(path)} with a message saying why and which paths are allowed`, () => {
      const parsed = parseMemoryPath(path);
      assert.equal(parsed.ok, false);
      if (parsed.ok) return;
      assert.match(parsed.message, why);
      assert.match(parsed.message, /\/memories\/user\/… .* \/memories\/project\/…/);
    });
  }
});

describe('secret shapes (spec §4 by content, spec §21)', () => {
  const secrets: [string, string][] = [
    ['-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----', 'a private key'],
    ['-----BEGIN RSA PRIVATE KEY-----', 'a private key'],
    ['aws key AKIAIOSFODNN7EXAMPLE', 'an AWS access key id'],
    ['token ghp_0123456789abcdefghijABCDEFGHIJ012345', 'a GitHub token'],
    ['OPENAI=sk-proj-abcdefghijklmnopqrstuvwxyz0123', 'an Anthropic or OpenAI API key'],
    ['key sk-ant-api03-abcdefghijklmnopqrstuvwxyz', 'an Anthropic or OpenAI API key'],
    ['xoxb-123456789012-abcdefghijkl', 'a Slack token'],
    ['AIzaSyA1234567890abcdefghijklmnopqrstuv', 'a Google API key'],
    ['curl -H "Authorization: Bearer abcdef0123456789abcdef0123456789"', 'a bearer token'],
    ['postgres://app:hunter2secret@db.internal:5432/app', 'a password in a URL'],
    ['API_KEY = "a8f5f167f44f4964e6c998dee827110c"', 'a secret assignment'],
  ];
  for (const [text, what] of secrets) it(`finds ${what}`, () => assert.equal(secretInText(text), what));

  it('leaves ordinary notes alone: commands, paths, prose about keys and tokens', () => {
    for (const text of [
      '- Tests: `make check`; lint with `pnpm lint --fix`',
      '- The API key is in .env as OPENAI_API_KEY (never commit it)',
      '- token refresh lives in src/auth/refreshToken.ts',
      '- password_reset_controller handles /reset',
      '- sk-learn is spelled scikit-learn',
      '- Use the https://example.com/docs page',
    ]) assert.equal(secretInText(text), undefined, text);
  });
});
