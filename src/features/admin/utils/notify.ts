import { toast } from '@/components/ui/use-toast';
import { current } from '@/i18n/i18n';

/** The product's two toast shapes: 'Success' with the outcome, destructive 'Error' with the cause. */
export function notifySuccess(description: string): void {
  toast({ title: current()._('account.success'), description });
}

export function notifyError(description: string): void {
  toast({ variant: 'destructive', title: current()._('account.error'), description });
}
