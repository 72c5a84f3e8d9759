import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
import { hourLabel } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';

export type DeleteResultDialogProps = {
  /** The result awaiting confirmation; null keeps the dialog closed. */
  result: LotteryResult | null;
  onConfirm: (result: LotteryResult) => void;
  onCancel: () => void;
};

/** Deleting a published result changes what the public sees: one click must not do it. */
export function DeleteResultDialog({ result, onConfirm, onCancel }: DeleteResultDialogProps) {
  return (
    <AlertDialog open={result !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this result?</AlertDialogTitle>
          <AlertDialogDescription>
            {result &&
              `The result ${result.first_prize} of ${result.draw_date} ${hourLabel(result.draw_hour)} will be deleted.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => result && onConfirm(result)}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
