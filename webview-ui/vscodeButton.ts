/** A themed vscode-elements button (role=button, named by its label). */
export function vscodeButton(label: string, onClick: () => void, options: { secondary?: boolean } = {}): HTMLElement {
  const element = document.createElement('vscode-button');
  element.textContent = label;
  if (options.secondary) element.setAttribute('secondary', '');
  element.addEventListener('click', onClick);
  return element;
}
