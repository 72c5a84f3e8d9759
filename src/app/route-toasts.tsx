import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { dismissOnNavigation } from '@/components/ui/use-toast';

/** Toasts stay on the page they were raised on (src/components/ui/use-toast.ts). */
export function RouteToasts() {
  const { pathname } = useLocation();
  useEffect(() => {
    dismissOnNavigation();
  }, [pathname]);
  return null;
}
