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
import type { DateRange } from '../utils/date-range';

export type DeleteRangeDialogProps = {
  /** The range awaiting confirmation; null keeps the dialog closed. */
  range: DateRange | null;
  onConfirm: (range: DateRange) => void;
  onCancel: () => void;
  /** Where focus returns on close: the dialog opens from code, so Radix has no trigger to use. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** An alert dialog: focus moves into it, Escape cancels, and it is announced as a question. */
export function DeleteRangeDialog(props: DeleteRangeDialogProps) {
  const { range, onConfirm, onCancel, returnFocusTo } = props;
  return (
    <AlertDialog open={range !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Delete results?</AlertDialogTitle>
          <AlertDialogDescription>
            {range &&
              `Are you sure you want to delete all results from ${range.from} to ${range.to}?`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => range && onConfirm(range)}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
