import { LoaderCircle } from 'lucide-react';
import type * as React from 'react';
import { clsx } from 'clsx';
import { useI18n } from '@/i18n/i18n-context';

/**
 * A spinning circle announced as "Loading". Pass `aria-hidden` when a visible text beside it
 * already says what is loading. A `size-*` in `className` replaces the default `size-4` (without
 * tailwind-merge, which the Today page's first load does without).
 */
export function Spinner({ className, ...props }: React.ComponentProps<'svg'>) {
  const { i18n } = useI18n();
  const hidden = props['aria-hidden'] === true || props['aria-hidden'] === 'true';
  return (
    <LoaderCircle
      role={hidden ? undefined : 'status'}
      aria-label={hidden ? undefined : i18n._('state.loadingShort')}
      className={clsx(!/(^|\s)size-/.test(className ?? '') && 'size-4', 'animate-spin', className)}
      {...props}
    />
  );
}
