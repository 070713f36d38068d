import { strict as assert } from 'node:assert';
import type { AgentEvent } from '../../../src/core/events';
import type { DiffEditorApprover } from '../../../src/vscode/review/diffEditorApprover';
import { LiveProposals, type RefreshScheduler } from '../../../src/vscode/review/liveProposals';
import { TempWorkspace } from '../core/tools/toolTestKit';

/** A stand-in for the diff editor: records what it was asked to show. */
function recordingApprover() {
  const shown: { callId: string; path: string; proposal: string; reason?: string }[] = [];
  const approver = {
    show: async (callId: string, path: string, _before: string, proposal: string, reason?: string) => { shown.push({ callId, path, proposal, reason }); },
    discard: async () => {},
  };
  return { shown, approver: approver as unknown as DiffEditorApprover };
}

function streamWrite(live: LiveProposals, callId: string, path: string, content: string): void {
  const event = (e: AgentEvent) => live.observe(e);
  event({ type: 'toolCall', turnId: 't', callId, name: 'Write', params: {}, partial: true });
  event({ type: 'toolParamDelta', turnId: 't', callId, name: 'Write', param: 'path', delta: path });
  event({ type: 'toolParamDelta', turnId: 't', callId, name: 'Write', param: 'content', delta: content });
}

/** Holds the scheduled redraws; `runAll` runs them now and resolves when each has shown (or dropped) its proposal. */
function manualScheduler() {
  const due: (() => Promise<void>)[] = [];
  const schedule: RefreshScheduler = (refresh) => {
    due.push(refresh);
    return () => { due.splice(due.indexOf(refresh), 1); };
  };
  const runAll = async () => { await Promise.all(due.splice(0).map((refresh) => refresh())); };
  return { schedule, runAll };
}

/** Spec §8: the diff fills in while the model streams; with edits auto-approved, only for files asked anyway. */
describe('LiveProposals', () => {
  let ws: TempWorkspace;
  beforeEach(async () => { ws = await TempWorkspace.create({ 'src/a.ts': 'a\n' }); });
  afterEach(() => ws.cleanup());

  it('with edits auto-approved, a Write of .vscode/settings.json still streams into the diff editor with its reason; an ordinary one does not', async () => {
    const { shown, approver } = recordingApprover();
    const timers = manualScheduler();
    const live = new LiveProposals(approver, () => false, () => ws.root, timers.schedule);
    streamWrite(live, 'c1', '.vscode/settings.json', '{ "x": 1 }');
    streamWrite(live, 'c2', 'notes.md', 'note');
    await timers.runAll();
    assert.deepEqual(shown.map((s) => [s.callId, s.path, s.proposal]), [['c1', '.vscode/settings.json', '{ "x": 1 }']]);
    assert.match(shown[0]!.reason ?? '', /it is always asked, even with edits auto-approved/);
  });

  it('with edits reviewed, every Write streams; an ordinary file carries no reason', async () => {
    const { shown, approver } = recordingApprover();
    const timers = manualScheduler();
    const live = new LiveProposals(approver, () => true, () => ws.root, timers.schedule);
    streamWrite(live, 'c2', 'notes.md', 'note');
    await timers.runAll();
    assert.deepEqual(shown.map((s) => [s.callId, s.path, s.reason]), [['c2', 'notes.md', undefined]]);
  });
});
