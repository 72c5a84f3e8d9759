import { lazy, Suspense, useState } from 'react';
import { useToast } from '@/components/ui/use-toast';

const Toaster = lazy(() =>
  import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })),
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
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
