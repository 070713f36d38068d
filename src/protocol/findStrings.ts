/** The words of Find in the panel (webview-ui/findBar.ts, spec §24): part of panelStrings. */
export const findStrings = {
  'find.label': 'Find in conversation',
  'find.placeholder': 'Find',
  'find.previous': 'Previous match',
  'find.next': 'Next match',
  'find.close': 'Close Find',
  'find.none': 'No results',
  'find.position': '{0} of {1}',
  'find.count.one': '{0} result',
  'find.count.other': '{0} results',
} as const;
