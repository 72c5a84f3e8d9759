import type { RefObject } from 'react';
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

export type ConfirmDeleteDialogProps<T> = {
  /** What awaits confirmation (a result, a range); null keeps the dialog closed. */
  subject: T | null;
  title: string;
  /** The question, naming what will be deleted. */
  describe: (subject: T) => string;
  onConfirm: (subject: T) => void;
  onCancel: () => void;
  /** Where focus returns on close: the dialog opens from code, so Radix has no trigger to use. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/**
 * A deletion changes what the public sees, so one click never does it: an alert dialog (focus
 * moves into it, Escape cancels, it is announced as a question) asks first.
 */
export function ConfirmDeleteDialog<T>(props: ConfirmDeleteDialogProps<T>) {
  const { subject, title, describe, onConfirm, onCancel, returnFocusTo } = props;
  return (
    <AlertDialog open={subject !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          // Back to the button that asked, unless it is gone (a deleted row): the default then.
          if (returnFocusTo.current?.isConnected) {
            event.preventDefault();
            returnFocusTo.current.focus();
          }
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{subject !== null && describe(subject)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => subject !== null && onConfirm(subject)}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
