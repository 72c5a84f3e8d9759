/**
 * What the app shell needs of the toast store (./use-toast.ts) without loading it: whether a
 * toast has been raised, so the toaster mounts (src/app/deferred-toaster.tsx), and page changes,
 * which the store hears once it exists (src/app/route-toasts.tsx). Only sign-in, the admin and a
 * draw page's Share raise toasts: a visitor of Today or History never downloads the store.
 */
let raised = false;
const listeners = new Set<() => void>();
let pageChangeHandler: (() => void) | undefined;

/** The store, on every toast it raises. */
export function announceToast(): void {
  if (raised) return;
  raised = true;
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`: the first toast, then never again. */
export function subscribeToFirstToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const toastRaised = (): boolean => raised;

/** The store says what a page change does to its toasts when it loads. */
export function handlePageChanges(handler: () => void): void {
  pageChangeHandler = handler;
}

/** The router, on every page change: nothing to do before the store exists. */
export function pageChanged(): void {
  pageChangeHandler?.();
}
