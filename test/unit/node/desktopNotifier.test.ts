import { strict as assert } from 'node:assert';
import { desktopNotificationCommand } from '../../../src/node/desktopNotifier';

describe('the OS notification\'s command (spec §20)', () => {
  const hostile = 'Fix "it" \\ now; $(rm -rf ~) `x`';

  it('Linux: notify-send with the texts as arguments', () => {
    assert.deepEqual(desktopNotificationCommand('linux', 'CodeAgent', hostile), { file: 'notify-send', args: ['--app-name=CodeAgent', 'CodeAgent', hostile] });
  });

  it('macOS: an AppleScript string with its quotes and backslashes escaped', () => {
    const command = desktopNotificationCommand('darwin', 'CodeAgent', hostile)!;
    assert.equal(command.file, 'osascript');
    assert.equal(command.args[1], 'display notification "Fix \\"it\\" \\\\ now; $(rm -rf ~) `x`" with title "CodeAgent"');
  });

  it('Windows: the texts reach the toast through the environment, never the script', () => {
    const command = desktopNotificationCommand('win32', 'CodeAgent', hostile)!;
    assert.equal(command.file, 'powershell.exe');
    assert.ok(!command.args.join(' ').includes('rm -rf'));
    assert.deepEqual(command.env, { CODEAGENT_TOAST_TITLE: 'CodeAgent', CODEAGENT_TOAST_BODY: hostile });
  });

  it('another platform gets none', () => {
    assert.equal(desktopNotificationCommand('aix', 'CodeAgent', 'x'), undefined);
  });
});
