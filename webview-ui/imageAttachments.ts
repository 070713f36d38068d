import type { AttachedImageView } from '../src/protocol/messages';
import { ImageRefused, prepareImage, type PreparedImage } from './imagePreparation';
import { thumbnail } from './imageThumbnails';
import { t } from './l10n';

/** At most this many images go with one message (the host refuses more). */
const maxImages = 10;

interface AttachmentElements {
  /** Where images are pasted and dropped. */
  input: HTMLTextAreaElement;
  dropZone: HTMLElement;
  tray: HTMLElement;
  notice: HTMLElement;
  attachButton: HTMLElement;
  fileInput: HTMLInputElement;
  /** Called when the images change or finish preparing (the Send button depends on it). */
  onChange: () => void;
}

/**
 * Spec §16 in the input: paste, drop or `Attach image`; each image checked and downscaled off the main thread,
 * shown as a thumbnail with a remove button, and taken by the next message. With supportsImages false,
 * attaching says why instead.
 */
export class ImageAttachments {
  private images: (PreparedImage & { order: number })[] = [];
  private preparing = 0;
  /** Images keep the order they were pasted in, whichever is ready first. */
  private nextOrder = 0;
  private supported = true;

  constructor(private readonly el: AttachmentElements) {
    el.input.addEventListener('paste', (event) => {
      const files = imageFilesOf(event.clipboardData);
      if (files.length === 0) return;
      event.preventDefault();
      this.add(files);
    });
    el.dropZone.addEventListener('dragover', (event) => {
      if (event.dataTransfer && [...event.dataTransfer.types].includes('Files')) event.preventDefault();
    });
    el.dropZone.addEventListener('drop', (event) => {
      const files = imageFilesOf(event.dataTransfer);
      if (files.length === 0) return;
      event.preventDefault();
      this.add(files);
    });
    el.attachButton.addEventListener('click', () => {
      if (!this.supported) return this.say(t('image.notSupported'));
      el.fileInput.click();
    });
    el.fileInput.addEventListener('change', () => {
      this.add([...(el.fileInput.files ?? [])]);
      el.fileInput.value = '';
    });
  }

  /** `codeagent.model.supportsImages`, from the host's model setup. */
  setSupported(supported: boolean): void {
    this.supported = supported;
  }

  get busy(): boolean {
    return this.preparing > 0;
  }

  /** The images for the message being sent; the tray empties. */
  take(): AttachedImageView[] {
    const taken = this.images.map(({ name, dataUrl }) => ({ name, dataUrl }));
    this.images = [];
    this.render();
    return taken;
  }

  add(files: readonly File[]): void {
    if (!this.supported) return this.say(t('image.notSupported'));
    this.say('');
    for (const file of files) {
      if (this.images.length + this.preparing >= maxImages) {
        this.say(t('image.tooMany', maxImages));
        break;
      }
      this.preparing++;
      this.el.onChange();
      const order = this.nextOrder++;
      void prepareImage(file, file.name || 'pasted image.png')
        .then((image) => {
          this.images.push({ ...image, order });
          this.images.sort((a, b) => a.order - b.order);
        }, (error: unknown) => {
          this.say(error instanceof ImageRefused ? error.message : t('image.failed', String(error)));
        })
        .finally(() => {
          this.preparing--;
          this.render();
        });
    }
  }

  private render(): void {
    this.el.tray.hidden = this.images.length === 0;
    this.el.tray.replaceChildren(...this.images.map((image) => thumbnail(image, this.removeButton(image))));
    this.el.onChange();
  }

  private removeButton(image: PreparedImage & { order: number }): HTMLElement {
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'thumbnail-remove codicon codicon-close';
    remove.setAttribute('aria-label', t('image.remove', image.name));
    remove.title = t('image.remove', image.name);
    remove.addEventListener('click', () => {
      this.images = this.images.filter((i) => i !== image);
      this.render();
    });
    return remove;
  }

  private say(message: string): void {
    this.el.notice.textContent = message;
    this.el.notice.hidden = message === '';
  }
}


function imageFilesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  return [...data.files].filter((file) => file.type.startsWith('image/') || file.type === '');
}
