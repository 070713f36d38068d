// Bundled for Chromium by the end anchor test: a tall transcript under a sticky footer, laid out as the panel is.
import { keepEndInView } from '../../webview-ui/endAnchor';

declare global {
  interface Window {
    endHarness: typeof harness;
  }
}

const style = document.createElement('style');
style.textContent = 'html, body { margin: 0; } body { display: flex; flex-direction: column; min-height: 100vh; } main { flex: 1; } footer { position: sticky; bottom: 0; background: white; }';
const main = document.createElement('main');
for (let i = 0; i < 200; i++) {
  const line = document.createElement('p');
  line.textContent = `entry ${i}`;
  main.append(line);
}
const card = document.createElement('div');
const accept = document.createElement('button');
accept.textContent = 'Accept';
card.append(accept);
main.append(card);
const footer = document.createElement('footer');
footer.textContent = 'input';
document.head.append(style);
document.body.append(main, footer);
keepEndInView([main, footer]);

const scroller = document.scrollingElement ?? document.documentElement;
/** The observer runs in the next rendering step. */
const nextRender = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
const block = (px: number) => Object.assign(document.createElement('div'), { style: `height: ${px}px` });

const harness = {
  scrollToEnd(): void {
    scroller.scrollTop = scroller.scrollHeight;
  },
  scrollBy(px: number): void {
    scroller.scrollTop += px;
  },
  scrollTop: (): number => scroller.scrollTop,
  growFooter(px: number): Promise<void> {
    footer.append(block(px));
    return nextRender();
  },
  /** The last card growing after it was placed (a web component rendering late): above its button. */
  growLastCard(px: number): Promise<void> {
    card.prepend(block(px));
    return nextRender();
  },
  /** Whether the last card's button is fully visible above the footer. */
  buttonVisible(): boolean {
    return accept.getBoundingClientRect().bottom <= footer.getBoundingClientRect().top + 1;
  },
};
window.endHarness = harness;
