import { cva } from 'class-variance-authority';

// shadcn/ui new-york-v4 input and label, apart from input.tsx and label.tsx so a public page can
// style a field without tailwind-merge (cn), as button-variants.ts does for buttons: an input's
// size sets its height and text size, which its other classes leave alone, so nothing conflicts.
export const inputVariants = cva(
  'flex w-full min-w-0 rounded-md border border-input bg-card px-3 py-1 shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground selection:bg-primary selection:text-primary-foreground disabled:cursor-not-allowed disabled:opacity-50 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive aria-invalid:ring-destructive/20',
  {
    variants: {
      size: {
        default: 'h-9 text-base md:text-sm',
        // A 44 px touch target with large digits (/check).
        lg: 'h-11 text-lg',
      },
    },
    defaultVariants: { size: 'default' },
  },
);

export const labelClass =
  'flex items-center gap-2 text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50';
