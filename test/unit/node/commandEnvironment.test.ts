import { strict as assert } from 'node:assert';
import { commandEnvironment } from '../../../src/node/commandEnvironment';

describe('a command\'s environment (spec §23)', () => {
  const base = { PATH: '/bin', HOME: '/h', OPENAI_API_KEY: 'sk-model', GITHUB_TOKEN: 'ghp_x', DB_PASSWORD: 'pw', MY_SECRET: 's', AWS_SECRET_ACCESS_KEY: 'k', SEARCH: 'brave-key-123456', CDPATH: '/', LANG: 'C' };

  it('the agent\'s own keys reach no command, by name or by value', () => {
    const env = commandEnvironment(base, { ownSecrets: ['brave-key-123456'] });
    assert.equal(env.OPENAI_API_KEY, undefined);
    assert.equal(env.SEARCH, undefined, 'the search key, under any name');
    assert.equal(env.GITHUB_TOKEN, 'ghp_x', 'an asked command keeps the user\'s own variables');
    assert.equal(env.PATH, '/bin');
  });

  it('an unasked command loses every variable whose name says key, token, secret or password, and CDPATH', () => {
    const env = commandEnvironment(base, { unasked: true, extra: { TMPDIR: '/t' } });
    for (const name of ['OPENAI_API_KEY', 'GITHUB_TOKEN', 'DB_PASSWORD', 'MY_SECRET', 'AWS_SECRET_ACCESS_KEY', 'CDPATH']) assert.equal(env[name], undefined, name);
    assert.equal(env.PATH, '/bin');
    assert.equal(env.LANG, 'C');
    assert.equal(env.TMPDIR, '/t');
    assert.equal(env.GIT_OPTIONAL_LOCKS, '0');
  });
});
