// Bundled for Chromium by the image attachment test: the real ImageAttachments on a textarea, pastes for real.
import { ImageAttachments } from '../../webview-ui/imageAttachments';
import { thumbnailsOf } from '../../webview-ui/imageThumbnails';

declare global {
  interface Window {
    imageHarness: typeof harness;
  }
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, id: string) => {
  const el = document.createElement(tag);
  el.id = id;
  document.body.append(el);
  return el;
};
const input = element('textarea', 'input');
const tray = element('div', 'attachments');
const notice = element('p', 'attach-notice');
const attachButton = element('button', 'attach-image');
attachButton.setAttribute('aria-label', 'Attach image');
const fileInput = element('input', 'attach-file');
fileInput.type = 'file';
let changes = 0;
const attachments = new ImageAttachments({ input, dropZone: document.body, tray, notice, attachButton, fileInput, onChange: () => changes++ });

function fileOf(base64: string, name: string, type: string, padTo = 0): File {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const parts: BlobPart[] = [bytes];
  if (padTo > bytes.length) parts.push(new Uint8Array(padTo - bytes.length));
  return new File(parts, name, { type });
}

const harness = {
  setSupported: (on: boolean) => attachments.setSupported(on),
  paste(base64: string, name: string, type = 'image/png', padTo = 0): void {
    const data = new DataTransfer();
    data.items.add(fileOf(base64, name, type, padTo));
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  },
  async settled(): Promise<void> {
    while (attachments.busy) await new Promise((resolve) => setTimeout(resolve, 10));
  },
  notice: () => (notice.hidden ? '' : notice.textContent ?? ''),
  trayImages: () => [...tray.querySelectorAll('img')].map((img) => img.alt),
  take: () => attachments.take(),
  async sizeOf(dataUrl: string): Promise<string> {
    const img = new Image();
    img.src = dataUrl;
    await img.decode();
    return `${img.naturalWidth}x${img.naturalHeight}`;
  },
  thumbnailSources: (images: { name: string; dataUrl: string }[]) => [...thumbnailsOf(images).querySelectorAll('img')].map((img) => img.getAttribute('src')),
  clickAttach: () => attachButton.click(),
  changes: () => changes,
};
window.imageHarness = harness;
