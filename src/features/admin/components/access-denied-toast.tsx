import { toast } from '@/components/ui/use-toast';
import { current } from '@/i18n/i18n';

/**
 * The product's "Access Denied" toast. It only names the outcome: the page beneath it
 * (access-denied.tsx) explains why and holds the Sign out button, which stays when the toast goes.
 */
export function toastAccessDenied(): void {
  const i18n = current();
  toast({
    variant: 'destructive',
    title: i18n._('admin.denied.title'),
    description: i18n._('admin.denied.toast'),
  });
}
