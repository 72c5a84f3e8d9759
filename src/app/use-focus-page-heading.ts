import { useEffect, useRef } from 'react';

/** A lazy page's chunk may still be arriving; past this the page's `main` takes focus instead. */
const WAIT_FOR_HEADING_MS = 3000;

/**
 * After a route change (not the first load, where focus belongs to the browser), focus moves to
 * the new page's `h1` so a screen reader announces the page and the next Tab starts in it, as a
 * full page load would; left on the nav link, focus said nothing about the new page. A page still
 * loading (its lazy chunk) is waited for, a frame at a time, then `main` takes focus. Scrolling
 * stays with the layout's own rule (`preventScroll`).
 */
export function useFocusPageHeading(pathname: string, mainId: string) {
  // The path focus was last settled for: the first load's (and StrictMode's second run of the
  // effect) is not a change.
  const settled = useRef(pathname);
  useEffect(() => {
    if (settled.current === pathname) return;
    settled.current = pathname;
    const deadline = performance.now() + WAIT_FOR_HEADING_MS;
    let frame = 0;
    const focus = () => {
      const main = document.getElementById(mainId);
      const heading = main?.querySelector('h1');
      if (heading) {
        // Focusable by script only: a heading is not a Tab stop.
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      } else if (performance.now() > deadline) {
        main?.focus({ preventScroll: true });
      } else {
        frame = requestAnimationFrame(focus);
      }
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [pathname, mainId]);
}
