import { LoaderCircle } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A spinning circle announced as "Loading". Pass `aria-hidden` when a visible text beside it
 * already says what is loading.
 */
export function Spinner({ className, ...props }: React.ComponentProps<'svg'>) {
  const hidden = props['aria-hidden'] === true || props['aria-hidden'] === 'true';
  return (
    <LoaderCircle
      role={hidden ? undefined : 'status'}
      aria-label={hidden ? undefined : 'Loading'}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
