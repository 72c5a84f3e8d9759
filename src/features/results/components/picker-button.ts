// History's date button, the same before and after the picker's code arrives (history-day-nav.tsx
// draws it first): an outline button (button-variants.ts) written out, because it starts its
// content rather than centring it and sets it in the normal weight, and the first load has no
// tailwind-merge to override the variant's `justify-center` and `font-medium` (ADR 034).
export const pickerButtonClass =
  "inline-flex h-9 w-full shrink-0 items-center justify-start gap-2 whitespace-nowrap rounded-md border border-input bg-card px-4 py-2 text-left text-sm font-normal shadow-xs transition-all outline-none hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring focus-visible:outline-solid has-[>svg]:px-3 sm:w-64 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";
