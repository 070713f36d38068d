/**
 * Keeps the end of the transcript in view while the user is at it. The input and the pinned todo list sit in
 * a sticky footer over that end, and things grow after they were placed: the footer (the list opens), an
 * approval card whose buttons render a moment later, a code block once highlighted. Whenever one of
 * `observed` changes size, the page is scrolled to its end again if it was at its end before the growth;
 * a user who scrolled up to read is never moved.
 */
export function keepEndInView(observed: HTMLElement[], nearEndPx = 40): ResizeObserver {
  const scroller = document.scrollingElement ?? document.documentElement;
  const heights = new Map<Element, number>(observed.map((element) => [element, element.offsetHeight]));
  const observer = new ResizeObserver((changes) => {
    let grown = 0;
    for (const change of changes) {
      // The observer's own measure: reading offsetHeight here would cost a layout per streamed paint.
      const height = change.borderBoxSize[0]?.blockSize ?? change.contentRect.height;
      grown += Math.max(0, height - (heights.get(change.target) ?? height));
      heights.set(change.target, height);
    }
    const fromEnd = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
    if (grown > 0 && fromEnd - grown < nearEndPx) scroller.scrollTop = scroller.scrollHeight;
  });
  for (const element of observed) observer.observe(element);
  return observer;
}
