import { strict as assert } from 'node:assert';
import { parsePatch } from 'diff';
import { detectEol, fromEditorText, hasBom, hasTrailingNewline, textShape, toEditorText, userEditDiff } from '../../../../src/core/tools/proposalText';
import { createDefaultToolRegistry } from '../../../../src/core/tools/defaultTools';
import { makeHarness, TempWorkspace } from '../tools/toolTestKit';

describe('proposal text', () => {
  describe('shape', () => {
    it('detects the line ending most lines use', () => {
      assert.equal(detectEol('a\r\nb\r\nc\n'), '\r\n');
      assert.equal(detectEol('a\nb\nc\r\n'), '\n');
      assert.equal(detectEol('a\r\nb\n'), '\n', 'a tie is LF');
      assert.equal(detectEol('no newline'), '\n');
    });

    it('sees a BOM and a final newline', () => {
      assert.deepEqual(textShape('\uFEFFa\r\nb'), { eol: '\r\n', bom: true, trailingNewline: false });
      assert.equal(hasBom('a\uFEFF'), false);
      assert.equal(hasTrailingNewline('a\r\n'), true);
      assert.equal(hasTrailingNewline(''), false);
    });
  });

  describe('editor round trip', () => {
    const files: Record<string, string> = {
      'CRLF': 'one\r\ntwo\r\n',
      'CRLF without final newline': 'one\r\ntwo',
      'BOM + CRLF': '\uFEFFone\r\ntwo\r\n',
      'BOM + LF without final newline': '\uFEFFone\ntwo',
      'LF': 'one\ntwo\n',
      'mixed': 'one\r\ntwo\nthree\r\n',
      'empty': '',
    };
    for (const [name, file] of Object.entries(files)) {
      it(`gives back a file (${name}) byte for byte when nothing was edited`, () => {
        const shown = toEditorText(file);
        assert.ok(!shown.includes('\r') && !shown.startsWith('\uFEFF'), 'the editor sees LF without BOM');
        assert.equal(fromEditorText(shown, file), file);
        assert.equal(fromEditorText(shown.replace(/\n/g, '\r\n'), file), file, 'an editor that switched to CRLF changes nothing');
      });
    }

    it('writes an edited CRLF file back in CRLF, with its BOM', () => {
      const file = '\uFEFFone\r\ntwo\r\n';
      const edited = toEditorText(file).replace('two', 'TWO\nthree');
      assert.equal(fromEditorText(edited, file), '\uFEFFone\r\nTWO\r\nthree\r\n');
    });

    it('keeps a missing final newline missing after an edit', () => {
      const file = 'one\r\ntwo';
      assert.equal(fromEditorText(toEditorText(file).replace('one', 'ONE'), file), 'ONE\r\ntwo');
    });

    it('writes a mixed file in its majority line ending once it is edited', () => {
      const file = 'a\r\nb\r\nc\n';
      assert.equal(fromEditorText('a\nB\nc\n', file), 'a\r\nB\r\nc\r\n');
    });
  });

  describe('userEditDiff', () => {
    it('is empty when only line endings or the BOM differ', () => {
      assert.equal(userEditDiff('a\r\nb\r\n', 'a\nb\n', 'x.ts'), '');
      assert.equal(userEditDiff('\uFEFFa\nb\n', 'a\nb\n', 'x.ts'), '');
      assert.equal(userEditDiff('a\nb\n', '\uFEFFa\r\nb\r\n', 'x.ts'), '');
    });

    it('is a unified diff of the user\'s changes against the proposal', () => {
      const diff = userEditDiff('a\r\nb\r\nc\r\n', 'a\nB\nc\n', 'src/x.ts');
      const [patch] = parsePatch(diff);
      assert.equal(patch!.oldFileName, 'src/x.ts');
      assert.equal(patch!.newFileName, 'src/x.ts');
      assert.deepEqual(patch!.hunks.flatMap((h) => h.lines), [' a', '-b', '+B', ' c']);
      assert.ok(!diff.includes('\r'), 'no carriage returns leak into the diff');
    });

    it('counts an added final newline as an edit', () => {
      assert.notEqual(userEditDiff('a', 'a\n', 'x.ts'), '');
    });
  });

  describe('with the Write tool and an approver that shows the proposal in an editor', () => {
    const registry = createDefaultToolRegistry();
    let ws: TempWorkspace;
    beforeEach(async () => {
      ws = await TempWorkspace.create({ 'dos.txt': '\uFEFFkeep\r\nold\r\nend' });
    });
    afterEach(() => ws.cleanup());

    /** Shows the proposal, lets `edit` change the editor's text, accepts; returns the diff the model is told. */
    async function writeThroughEditor(content: string, edit: (editorText: string) => string): Promise<string> {
      const h = makeHarness(ws);
      let told = '';
      h.decide = (request) => {
        if (request.kind !== 'edit') throw new Error('expected an edit');
        const finalContent = fromEditorText(edit(toEditorText(request.after)), request.after);
        told = userEditDiff(request.after, finalContent, request.path);
        return { decision: 'accepted', finalContent };
      };
      await registry.invoke('Read', { path: 'dos.txt' }, h.ctx);
      const result = await registry.invoke('Write', { path: 'dos.txt', content }, h.ctx);
      assert.equal(result.status, 'success', result.text);
      return told;
    }

    it('accepting unchanged writes the proposal in the file\'s shape and reports no user edit', async () => {
      const told = await writeThroughEditor('keep\nnew\nend', (text) => text);
      assert.equal(await ws.read('dos.txt'), '\uFEFFkeep\r\nnew\r\nend');
      assert.equal(told, '');
    });

    it('a user edit is written in the file\'s shape and reported as a diff against the proposal', async () => {
      const told = await writeThroughEditor('keep\nnew\nend', (text) => text.replace('new', 'mine'));
      assert.equal(await ws.read('dos.txt'), '\uFEFFkeep\r\nmine\r\nend');
      assert.match(told, /^-new$/m);
      assert.match(told, /^\+mine$/m);
      assert.doesNotMatch(told, /keep\r|^[-+]keep/m);
    });
  });
});
