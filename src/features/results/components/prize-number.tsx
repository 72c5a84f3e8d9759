import { DigitBall } from './digit-ball';

/**
 * The first prize as four balls. Screen readers hear "First prize 4 0 1 7", digit by digit,
 * rather than "four thousand seventeen".
 */
export function PrizeNumber({ prize }: { prize: string }) {
  const digits = prize.split('');
  return (
    <span className="flex shrink-0 gap-1 min-[360px]:gap-1.5 sm:gap-2">
      <span className="sr-only">First prize {digits.join(' ')}</span>
      {digits.map((digit, index) => (
        <DigitBall key={index} digit={digit} />
      ))}
    </span>
  );
}
