import { useSyncExternalStore } from 'react';
import { lazyWithRetry } from '@/components/lazy-with-retry';
import { subscribeToFirstToast, toastRaised } from '@/components/ui/toast-signal';

// Without a connection its code may not arrive: the page then goes on without toasts rather than
// failing.
const Toaster = lazyWithRetry(
  () => import('@/components/ui/toaster'),
  (module) => module.Toaster,
  { Failed: () => null },
);

/**
 * Mounts the toaster with the first toast. Only sign-in, the admin and a draw's Share raise
 * toasts, so a visitor of the public pages downloads neither Radix's toast code nor the toast
 * store (src/components/ui/toast-signal.ts).
 */
export function DeferredToaster() {
  const needed = useSyncExternalStore(subscribeToFirstToast, toastRaised);
  return needed ? <Toaster /> : null;
}
