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
import type { RefObject } from 'react';
import { hourLabel } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';

export type DeleteResultDialogProps = {
  /** The result awaiting confirmation; null keeps the dialog closed. */
  result: LotteryResult | null;
  onConfirm: (result: LotteryResult) => void;
  onCancel: () => void;
  /** Where focus returns on close: the dialog opens from code, so Radix has no trigger to use. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** Deleting a published result changes what the public sees: one click must not do it. */
export function DeleteResultDialog(props: DeleteResultDialogProps) {
  const { result, onConfirm, onCancel, returnFocusTo } = props;
  return (
    <AlertDialog open={result !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          // The row's Delete button, unless the row is gone (then the browser's default).
          if (returnFocusTo.current?.isConnected) {
            event.preventDefault();
            returnFocusTo.current.focus();
          }
        }}
      >
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
