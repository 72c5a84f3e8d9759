import type { ReactNode, RefObject } from 'react';
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
import { useI18n } from '@/i18n/i18n-context';

export type ConfirmDialogProps<T> = {
  /** What awaits confirmation (a result, a range, an edit); null keeps the dialog closed. */
  subject: T | null;
  title: string;
  /** The question, naming what will change (and how much, when it is counted). */
  describe: (subject: T) => ReactNode;
  onConfirm: (subject: T) => void;
  onCancel: () => void;
  /** Where focus returns on close: the dialog opens from code, so Radix has no trigger to use. */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** The confirming button's words; "Delete" by default. */
  confirmLabel?: string;
  /** A deletion is red; an action that adds or changes is not. */
  destructive?: boolean;
  /** While true the action cannot be confirmed (still counting, or nothing to do). */
  confirmDisabled?: boolean;
};

/**
 * A change the public sees never happens on one click: an alert dialog (focus moves into it,
 * Escape cancels, it is announced as a question) asks first and says what will happen.
 */
export function ConfirmDialog<T>(props: ConfirmDialogProps<T>) {
  const { i18n } = useI18n();
  const { subject, title, describe, onConfirm, onCancel, returnFocusTo } = props;
  const { destructive = true, confirmDisabled = false } = props;
  const confirmLabel = props.confirmLabel ?? i18n._('admin.delete');
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
          <AlertDialogDescription asChild>
            <div className="space-y-2">{subject !== null && describe(subject)}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{i18n._('admin.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: destructive ? 'destructive' : 'default' })}
            disabled={confirmDisabled}
            onClick={() => subject !== null && onConfirm(subject)}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
