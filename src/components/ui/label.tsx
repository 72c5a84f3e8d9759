import type * as React from 'react';
import { cn } from '@/lib/utils';
import { labelClass } from './field-variants';

// shadcn/ui label, on a native <label> (no Radix dependency needed).
export function Label({ className, ...props }: React.ComponentProps<'label'>) {
  return <label data-slot="label" className={cn(labelClass, className)} {...props} />;
}
