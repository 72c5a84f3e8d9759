import { ballColors } from '@/lib/digit-balls';
import { cn } from '@/lib/utils';

/** One coloured ball; hidden from screen readers, which read the whole number instead. */
export function DigitBall({ digit, className }: { digit: string; className?: string }) {
  const colors = ballColors(digit);
  return (
    <span
      aria-hidden
      data-color={colors.name}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-full border-2 text-lg font-bold shadow-sm sm:size-12 sm:text-xl',
        className,
      )}
      style={{ backgroundColor: colors.background, color: colors.text, borderColor: colors.border }}
    >
      {digit}
    </span>
  );
}
