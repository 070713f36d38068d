import { strict as assert } from 'node:assert';
import { readOnlyPolicy } from '../../../../src/core/tools/readOnlyPolicy';
import { sandboxRuntimeConfig } from '../../../../src/node/sandbox/sandboxRuntimeConfig';
import { unaskedSecretNames } from '../../../../src/node/commandEnvironment';

// Spec §23 as data, on every machine: what a command judged read-only may write, read and reach (the real-bubblewrap
// tests in test/unit/node/sandbox/readOnlySandbox.test.ts skip where bubblewrap is missing).
describe('readOnlyPolicy(): where a command judged read-only runs', () => {
  const input = { roots: ['/w', '/other'], home: '/home/u' };

  it('writes nowhere but its own temp folder: no workspace folder, no shared temp dir, no home', () => {
    const policy = readOnlyPolicy(input, '/tmp/codeagent-read-1');
    assert.deepEqual(policy.allowWrite, ['/tmp/codeagent-read-1']);
    assert.deepEqual(policy.denyWrite, [], 'nothing to carve out of a write it never had');
  });

  it('reaches no host, whatever sandbox.allowedDomains says (the policy takes none)', () => {
    assert.deepEqual(readOnlyPolicy(input, '/tmp/r').allowedDomains, []);
  });

  it('reads no secret file of §4: the home folder\'s, each workspace folder\'s and the folder it runs in', () => {
    const policy = readOnlyPolicy(input, '/tmp/r', '/worktrees/feature');
    for (const name of ['.ssh', '.aws', '.gnupg', '.config/gh', '.npmrc', '.netrc', '.git-credentials']) assert.ok(policy.denyRead.includes(`/home/u/${name}`), name);
    for (const root of ['/w', '/other', '/worktrees/feature']) {
      for (const glob of ['.env', '.env.*', '*.pem', '*.key', 'id_rsa', 'id_ed25519']) assert.ok(policy.denyRead.includes(`${root}/${glob}`), `${root}/${glob}`);
    }
    assert.ok(!policy.denyRead.some((path) => ['/w', '/home/u', '/worktrees/feature'].includes(path)), 'the folders themselves stay readable');
    assert.deepEqual(readOnlyPolicy(input, '/tmp/r', '/w').denyRead, readOnlyPolicy(input, '/tmp/r').denyRead, 'a workspace folder is not listed twice');
  });

  it('in the runtime\'s terms: network restricted to no host, the writes and reads above, secret-named variables denied', () => {
    const policy = readOnlyPolicy(input, '/tmp/r');
    const environment = { PATH: '/usr/bin', GITHUB_TOKEN: 'x', AWS_SECRET_ACCESS_KEY: 'y', DB_PASSWORD: 'z', npm_config_authtoken: 'n', HOME: '/home/u' };
    const config = sandboxRuntimeConfig(policy, unaskedSecretNames, environment);
    assert.deepEqual(config.network.allowedDomains, [], 'an empty list is the runtime\'s "no host"; a missing one would mean no restriction');
    assert.deepEqual(config.filesystem.allowWrite, ['/tmp/r']);
    assert.deepEqual(config.filesystem.denyRead, policy.denyRead);
    const denied = new Set(config.credentials?.envVars?.map((entry) => (entry.mode === 'deny' ? entry.name : '')));
    for (const name of ['GITHUB_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'DB_PASSWORD', 'npm_config_authtoken', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'CODEAGENT_API_KEY']) assert.ok(denied.has(name), name);
    assert.ok(!denied.has('PATH') && !denied.has('HOME'));
  });
});
