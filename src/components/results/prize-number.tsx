import { BALL_SIZE, DigitBall } from './digit-ball';
import { useI18n } from '@/i18n/i18n-context';

/**
 * The first prize as four balls. Screen readers hear "First prize 4 0 1 7", digit by digit,
 * rather than "four thousand seventeen".
 */
const BALLS = 'flex shrink-0 gap-1 min-[360px]:gap-1.5 sm:gap-2';

export function PrizeNumber({ prize }: { prize: string }) {
  const { i18n } = useI18n();
  const digits = prize.split('');
  return (
    <span className={BALLS}>
      <span className="sr-only">
        {i18n._('draw.firstPrizeDigits', { digits: digits.join(' ') })}
      </span>
      {digits.map((digit, index) => (
        <DigitBall key={index} digit={digit} />
      ))}
    </span>
  );
}

/** The room four balls take, empty and silent: kept for a number still to come. */
export function PrizeNumberRoom() {
  return (
    <span aria-hidden className={BALLS}>
      {[0, 1, 2, 3].map((place) => (
        <span key={place} className={BALL_SIZE} />
      ))}
    </span>
  );
}
