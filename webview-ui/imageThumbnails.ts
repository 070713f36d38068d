import { t } from './l10n';

/** What the panel shows of an image: a thumbnail that opens it larger. Only data: URLs are shown (the CSP allows them). */
export interface ThumbnailImage {
  name: string;
  dataUrl: string;
  width?: number;
  height?: number;
}

const safeDataUrl = /^data:image\/(png|jpeg|gif|webp);base64,/;

export function thumbnail(image: ThumbnailImage, extra?: HTMLElement): HTMLElement {
  const figure = document.createElement('span');
  figure.className = 'image-thumbnail';
  figure.dataset.kind = 'image';
  const open = document.createElement('button');
  open.type = 'button';
  open.className = 'thumbnail-open';
  const size = image.width && image.height ? `, ${image.width}x${image.height}` : '';
  open.title = t('image.viewTitle', image.name, size);
  open.setAttribute('aria-label', t('image.view', image.name));
  const img = document.createElement('img');
  img.alt = image.name;
  img.decoding = 'async';
  // Anything but an image data URL (a stored entry is untrusted) shows as its name only.
  if (safeDataUrl.test(image.dataUrl)) img.src = image.dataUrl;
  open.append(img);
  open.addEventListener('click', () => showLarger(image));
  figure.append(open);
  if (extra) figure.append(extra);
  return figure;
}

export function thumbnailsOf(images: readonly ThumbnailImage[]): HTMLElement {
  const row = document.createElement('div');
  row.className = 'image-thumbnails';
  row.append(...images.map((image) => thumbnail(image)));
  return row;
}

function showLarger(image: ThumbnailImage): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'image-viewer';
  dialog.setAttribute('aria-label', image.name);
  const img = document.createElement('img');
  img.alt = image.name;
  if (safeDataUrl.test(image.dataUrl)) img.src = image.dataUrl;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = t('image.close');
  close.addEventListener('click', () => dialog.close());
  dialog.append(img, close);
  dialog.addEventListener('click', (event) => { if (event.target === dialog) dialog.close(); });
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
