const focused = new WeakSet<HTMLElement>();

/**
 * A ref that focuses its element once, as it mounts: what React's `autoFocus` did. Preact only
 * writes the attribute, which a browser honours while the page loads and not for an element added
 * later (ADR 039). Once per element, so a ref composed anew on each render (Radix's `asChild`)
 * does not take the focus back.
 */
export function focusOnMount(element: HTMLElement | null): void {
  if (!element || focused.has(element)) return;
  focused.add(element);
  element.focus();
}
