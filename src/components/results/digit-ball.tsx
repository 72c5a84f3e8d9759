import type { CSSProperties } from 'react';
import { ballColors } from '@/shared/digit-balls';

/** A ball's size: the number's balls and the room kept for a number still to come. */
export const BALL_SIZE = 'size-10 sm:size-12';

/** One coloured ball; hidden from screen readers, which read the whole number instead. */
export function DigitBall({ digit }: { digit: string }) {
  const colors = ballColors(digit);
  const style = {
    backgroundColor: colors.background,
    color: colors.text,
    '--ball-edge': colors.border,
    '--ball-edge-dark': colors.darkBorder,
  } as CSSProperties;
  return (
    <span
      aria-hidden
      data-color={colors.name}
      className={`${BALL_SIZE} inline-flex items-center justify-center rounded-full border-2 border-(--ball-edge) text-lg font-bold shadow-sm sm:text-xl dark:border-(--ball-edge-dark)`}
      style={style}
    >
      {digit}
    </span>
  );
}
