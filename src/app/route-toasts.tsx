import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { pageChanged } from '@/components/ui/toast-signal';

/** Toasts stay on the page they were raised on (src/components/ui/use-toast.ts). */
export function RouteToasts() {
  const { pathname } = useLocation();
  useEffect(() => {
    pageChanged();
  }, [pathname]);
  return null;
}
