import { toast } from '@/components/ui/use-toast';

/** The product's two toast shapes: 'Success' with the outcome, destructive 'Error' with the cause. */
export function notifySuccess(description: string): void {
  toast({ title: 'Success', description });
}

export function notifyError(description: string): void {
  toast({ variant: 'destructive', title: 'Error', description });
}
