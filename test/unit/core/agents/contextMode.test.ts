import { strict as assert } from 'node:assert';
import { resolveContextMode } from '../../../../src/core/agents/contextMode';

describe('resolveContextMode', () => {
  it('defaults to isolated when no level says anything', () => {
    assert.deepEqual(resolveContextMode({ allowShared: true }), { mode: 'isolated', decidedBy: 'default' });
  });

  it('takes the setting over the default', () => {
    assert.deepEqual(resolveContextMode({ settingDefault: 'shared', allowShared: true }), { mode: 'shared', decidedBy: 'setting' });
  });

  it('takes the agent file over the setting', () => {
    assert.deepEqual(resolveContextMode({ file: 'isolated', settingDefault: 'shared', allowShared: true }), { mode: 'isolated', decidedBy: 'agentFile' });
    assert.deepEqual(resolveContextMode({ file: 'shared', settingDefault: 'isolated', allowShared: true }), { mode: 'shared', decidedBy: 'agentFile' });
  });

  it('takes a session override over the agent file, and the flag over everything', () => {
    assert.deepEqual(resolveContextMode({ session: 'shared', file: 'isolated', settingDefault: 'isolated', allowShared: true }), { mode: 'shared', decidedBy: 'session' });
    assert.deepEqual(resolveContextMode({ flag: 'isolated', session: 'shared', file: 'shared', settingDefault: 'shared', allowShared: true }), { mode: 'isolated', decidedBy: 'flag' });
    assert.deepEqual(resolveContextMode({ flag: 'shared', file: 'isolated', settingDefault: 'isolated', allowShared: true }), { mode: 'shared', decidedBy: 'flag' });
  });

  it('forces isolated when shared context is not allowed, naming who asked for shared', () => {
    assert.deepEqual(resolveContextMode({ flag: 'shared', allowShared: false }), { mode: 'isolated', decidedBy: 'allowSharedContext', overruled: 'flag' });
    assert.deepEqual(resolveContextMode({ file: 'shared', allowShared: false }), { mode: 'isolated', decidedBy: 'allowSharedContext', overruled: 'agentFile' });
    assert.deepEqual(resolveContextMode({ settingDefault: 'shared', allowShared: false }), { mode: 'isolated', decidedBy: 'allowSharedContext', overruled: 'setting' });
    assert.deepEqual(resolveContextMode({ file: 'isolated', settingDefault: 'shared', allowShared: false }), { mode: 'isolated', decidedBy: 'agentFile' });
  });
});
