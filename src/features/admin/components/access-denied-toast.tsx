import { toast } from '@/components/ui/use-toast';

/**
 * The product's "Access Denied" toast. It only names the outcome: the page beneath it
 * (access-denied.tsx) explains why and holds the Sign out button, which stays when the toast goes.
 */
export function toastAccessDenied(): void {
  toast({
    variant: 'destructive',
    title: 'Access Denied',
    description: "You don't have admin privileges",
  });
}
