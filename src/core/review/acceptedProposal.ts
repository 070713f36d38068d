/** What an editor shows of a proposal: its text, and whether the user changed it without saving. */
export interface ProposalEditor {
  text: string;
  dirty: boolean;
}

/**
 * The proposal the user accepts (spec §8). An editor with unsaved changes holds the user's edit. Otherwise the stored
 * proposal is right: it holds the model's latest version and any edit the user saved. An editor without changes may
 * still show an earlier version, because VS Code reloads it a moment after each change. Accept clicked in that moment
 * must not write the half-streamed text as if the user had made it.
 */
export function acceptedProposal(stored: string | undefined, editor: ProposalEditor | undefined): string {
  if (editor?.dirty) return editor.text;
  return stored ?? editor?.text ?? '';
}
