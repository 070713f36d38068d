import { strict as assert } from 'node:assert';
import { describePolicy, sandboxPolicy } from '../../../../src/core/tools/sandboxPolicy';

// Spec §18 as data, on every machine (the real-sandbox tests skip where bubblewrap or socat is missing).
describe('sandboxPolicy(): what a sandboxed command may write, read and reach', () => {
  const input = { roots: ['/w', '/other/'], home: '/home/u', tempDir: '/tmp/x', allowedDomains: ['registry.npmjs.org'] };

  it('writes: the workspace folders and the temp dir, never the files that configure the agent or run code on open', () => {
    const policy = sandboxPolicy(input);
    assert.deepEqual(policy.allowWrite, ['/w', '/other/', '/tmp/x']);
    for (const root of ['/w', '/other']) {
      for (const name of ['.vscode', '.claude', '.codeagent', '.github/hooks', '.git/hooks', '.git/config', '.envrc', '.mcp.json', '.gitmodules', '.idea']) {
        assert.ok(policy.denyWrite.includes(`${root}/${name}`), `${root}/${name}`);
      }
    }
  });

  it('a git worktree\'s hooks live elsewhere; a nested repository\'s hooks and config are protected too', () => {
    const policy = sandboxPolicy({ ...input, gitIsFile: (root) => root === '/w', nestedRepositories: (root) => (root === '/w' ? ['/w/vendor/lib'] : []) });
    assert.ok(!policy.denyWrite.includes('/w/.git/hooks') && !policy.denyWrite.includes('/w/.git/config'));
    assert.ok(policy.denyWrite.includes('/w/.vscode'));
    assert.ok(policy.denyWrite.includes('/other/.git/hooks'));
    assert.ok(policy.denyWrite.includes('/w/vendor/lib/.git/hooks') && policy.denyWrite.includes('/w/vendor/lib/.git/config'));
  });

  it('reads: everything but the secret files of §4, in the home folder and in each workspace folder', () => {
    const policy = sandboxPolicy(input);
    for (const name of ['.ssh', '.aws', '.gnupg', '.kube', '.config/gcloud', '.config/gh', '.npmrc', '.netrc', '.git-credentials']) {
      assert.ok(policy.denyRead.includes(`/home/u/${name}`), name);
    }
    for (const glob of ['.env', '.env.*', '*.pem', '*.key', 'id_rsa']) assert.ok(policy.denyRead.includes(`/w/${glob}`), glob);
    assert.ok(policy.denyRead.includes('/other/.env'));
    assert.ok(!policy.denyRead.some((path) => path === '/w' || path === '/home/u'), 'the folders themselves stay readable');
  });

  it('network: only the allowed hosts, a copy the caller cannot change; the model reads the rules in words', () => {
    const policy = sandboxPolicy(input);
    assert.deepEqual(policy.allowedDomains, ['registry.npmjs.org']);
    assert.notEqual(policy.allowedDomains, input.allowedDomains);
    assert.deepEqual(sandboxPolicy({ ...input, allowedDomains: [] }).allowedDomains, []);
    assert.match(describePolicy(policy), /never to \.vscode, .*\.git\/config/);
    assert.match(describePolicy(sandboxPolicy({ ...input, allowedDomains: [] })), /network only to: none/);
  });
});
