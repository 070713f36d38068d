import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loginShellEnvironment } from '../../../src/node/loginShellEnvironment';

/** A home whose bash login profile is `profile`. */
function homeWithProfile(profile: string): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'codeagent-home-'));
  fs.writeFileSync(path.join(home, '.bash_profile'), profile);
  return home;
}

describe('loginShellEnvironment', function () {
  this.timeout(20_000);

  it("keeps what the user's login profile exports (PATH included), and runs the profile once", async () => {
    const home = homeWithProfile('echo run >> "$HOME/runs"\nexport CODEAGENT_PROFILE_MARK="from the profile"\nexport PATH="$HOME/bin:$PATH"\n');
    const base = { ...process.env, HOME: home };
    const env = await loginShellEnvironment('/bin/bash', base);
    assert.equal(env.CODEAGENT_PROFILE_MARK, 'from the profile');
    assert.ok(env.PATH?.startsWith(`${home}/bin:`), env.PATH);
    assert.equal(env.SHLVL, undefined, "the probe shell's own variables are left out");
    await loginShellEnvironment('/bin/bash', base);
    assert.equal(fs.readFileSync(path.join(home, 'runs'), 'utf8'), 'run\n', 'the profile ran once for every command');
  });

  it('falls back to the environment it was given when the profile hangs or fails', async () => {
    const hanging = { ...process.env, HOME: homeWithProfile('sleep 30\n') };
    const started = Date.now();
    assert.equal(await loginShellEnvironment('/bin/bash', hanging, 300), hanging);
    assert.ok(Date.now() - started < 15_000, `took ${Date.now() - started} ms (the profile sleeps 30 s)`);
    const failing = { ...process.env, HOME: homeWithProfile('exit 3\n') };
    assert.equal(await loginShellEnvironment('/bin/bash', failing), failing);
    const missing = { ...process.env, HOME: homeWithProfile('') };
    assert.equal(await loginShellEnvironment('/no/such/shell', missing), missing);
  });
});
