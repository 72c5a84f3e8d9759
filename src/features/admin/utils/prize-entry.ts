import { hourLabel } from '@/lib/lottery-clock';

/** A first prize: exactly four digits, 0000 to 9999. */
const PRIZE = /^[0-9]{4}$/;

export const PRIZE_ERROR = 'Enter exactly 4 digits';

/**
 * The error for what the admin typed, checked as typed: no `maxLength` cuts "12345" to a "1234"
 * they never meant. Too long or not digits shows at once; too short only once `complete` (after a
 * blur or a submit), so typing "1" on the way to "1234" is not scolded.
 */
export function prizeError(value: string, complete: boolean): string | undefined {
  if (PRIZE.test(value)) return undefined;
  if (value.length > 4 || /[^0-9]/.test(value)) return PRIZE_ERROR;
  return complete ? PRIZE_ERROR : undefined;
}

export function isPrize(value: string): boolean {
  return PRIZE.test(value);
}

/** The chosen hour was filled meanwhile (another tab, another admin): say which, keep it. */
export function hourTakenError(hour: number): string {
  return `${hourLabel(hour)} already has a result: choose another hour`;
}

/** The success toast: the spec's sentence first, then what was published and for which draw. */
export function addedMessage(prize: string, date: string, hour: number): string {
  return `Lottery result added successfully: ${prize} for ${date} ${hourLabel(hour)}`;
}
