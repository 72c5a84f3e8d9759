import type * as React from 'react';
import { cn } from '@/lib/utils';
import { inputVariants } from './field-variants';

// shadcn/ui new-york-v4 input (its look: field-variants.ts).
export function Input({ className, type, ...props }: React.ComponentProps<'input'>) {
  return (
    <input type={type} data-slot="input" className={cn(inputVariants(), className)} {...props} />
  );
}
