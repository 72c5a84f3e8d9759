import { useI18n } from '@/i18n/i18n-context';
import { cn } from '@/lib/utils';
import { SLOT, WithSlot } from './with-slot';

/** "Signed in as a@b.c", the address in bold, in the words and order of the page's language. */
export function SignedInAs({ email, className }: { email: string; className?: string }) {
  const { i18n } = useI18n();
  return (
    <WithSlot text={i18n._('admin.signedInAs', { email: SLOT })}>
      <span className={cn('text-foreground font-medium', className)}>{email}</span>
    </WithSlot>
  );
}
