import { LoaderCircle } from 'lucide-react';
import type * as React from 'react';
import { clsx } from 'clsx';

/**
 * A spinning circle announced as "Loading". Pass `aria-hidden` when a visible text beside it
 * already says what is loading. A `size-*` in `className` replaces the default `size-4` (without
 * tailwind-merge, which the Today page's first load does without).
 */
export function Spinner({ className, ...props }: React.ComponentProps<'svg'>) {
  const hidden = props['aria-hidden'] === true || props['aria-hidden'] === 'true';
  return (
    <LoaderCircle
      role={hidden ? undefined : 'status'}
      aria-label={hidden ? undefined : 'Loading'}
      className={clsx(!/(^|\s)size-/.test(className ?? '') && 'size-4', 'animate-spin', className)}
      {...props}
    />
  );
}
