import { buttonVariants } from '@/components/ui/button-variants';

// History's date button, the same before and after the picker's code arrives (history-day-nav.tsx
// draws it first): the outline button, starting its content rather than centring it and in the
// normal weight. The two swaps are made here because the first load has no tailwind-merge to
// override the variant's `justify-center` and `font-medium` (ADR 034).
export const pickerButtonClass = `${buttonVariants({ variant: 'outline' })
  .replace('justify-center', 'justify-start text-left')
  .replace('font-medium', 'font-normal')} w-full sm:w-64`;
