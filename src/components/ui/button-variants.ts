import { cva } from 'class-variance-authority';

// shadcn/ui new-york-v4 button, apart from button.tsx so the Today page's first load can style a
// link as a button without tailwind-merge (cn) and Radix Slot. With the default size, variants
// `default` and `outline` have no conflicting utilities, so their cva output needs no merging;
// `size: 'sm'` does (gap), so elsewhere use <Button>. The focus ring is a solid outline set off
// from the button by 2 px of page: 3:1 against the page in both themes, whatever the button's own
// colour (a ring the colour of a red button, or half-transparent, could not be seen).
export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-all outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
        outline:
          'border border-input bg-card shadow-xs hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 px-4 py-2 has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 rounded-md px-3 has-[>svg]:px-2.5',
        lg: 'h-10 rounded-md px-6 has-[>svg]:px-4',
        icon: 'size-9',
        // A 44 px touch target (/check's submit).
        touch: 'h-11 px-4 py-2 has-[>svg]:px-3',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);
