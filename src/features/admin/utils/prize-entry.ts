import { hourLabel } from '@/shared/lottery-clock';
import { current } from '@/i18n/i18n';

/** A first prize: exactly four digits, 0000 to 9999. */
const PRIZE = /^[0-9]{4}$/;

/**
 * The error for what the admin typed, checked as typed: no `maxLength` cuts "12345" to a "1234"
 * they never meant. Too long or not digits shows at once; too short only once `complete` (after a
 * blur or a submit), so typing "1" on the way to "1234" is not scolded.
 */
export function prizeError(value: string, complete: boolean): string | undefined {
  if (PRIZE.test(value)) return undefined;
  const error = current()._('admin.prize.error');
  if (value.length > 4 || /[^0-9]/.test(value)) return error;
  return complete ? error : undefined;
}

export function isPrize(value: string): boolean {
  return PRIZE.test(value);
}

/** The chosen hour was filled meanwhile (another tab, another admin): say which, keep it. */
export function hourTakenError(hour: number): string {
  return current()._('admin.prize.hourTaken', { time: hourLabel(hour) });
}

/** The success toast: the spec's sentence first, then what was published and for which draw. */
export function addedMessage(prize: string, date: string, hour: number): string {
  return current()._('admin.add.done', { prize, date, time: hourLabel(hour) });
}
