import { useState } from 'react';
import { lazyWithRetry } from '@/components/lazy-with-retry';
import { useToast } from '@/components/ui/use-toast';

// Without a connection its code may not arrive: the page then goes on without toasts rather than
// failing.
const Toaster = lazyWithRetry(
  () => import('@/components/ui/toaster'),
  (module) => module.Toaster,
  { Failed: () => null },
);

/**
 * Mounts the toaster with the first toast. Only sign-in and admin raise toasts, so a visitor of
 * the public pages never downloads Radix's toast code; the store itself is a few lines.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return <Toaster />;
}
