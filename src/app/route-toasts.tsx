import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { dismissToastsBefore } from '@/components/ui/use-toast';

/** A toast raised more than this before a page change belongs to the page left behind. */
const CARRIED_MS = 1_000;

/** Toasts stay on the page they were raised on (src/components/ui/use-toast.ts). */
export function RouteToasts() {
  const { pathname } = useLocation();
  useEffect(() => {
    dismissToastsBefore(Date.now() - CARRIED_MS);
  }, [pathname]);
  return null;
}
