import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useI18n } from '@/i18n/i18n-context';

/**
 * The first-prize field, for adding and for inline editing: the product gives both the same rule
 * (exactly four digits), with the numeric keyboard on phones. No `maxLength`: it would silently
 * keep "1234" of a typed "12345" (issue 28); the forms check what was typed and say what is wrong.
 */
export function PrizeInput({ className, ...props }: ComponentProps<typeof Input>) {
  const { i18n } = useI18n();
  return (
    <Input
      type="text"
      inputMode="numeric"
      pattern="[0-9]{4}"
      required
      autoComplete="off"
      title={i18n._('admin.prize.title')}
      className={cn('font-mono tracking-widest', className)}
      {...props}
    />
  );
}
