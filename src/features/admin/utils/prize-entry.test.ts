import { describe, expect, it } from 'vitest';
import { addedMessage, hourTakenError, isPrize, prizeError } from './prize-entry';

const PRIZE_ERROR = 'Enter exactly 4 digits';

describe('prizeError: what was typed, never a cut-down copy of it', () => {
  it('accepts exactly four digits', () => {
    for (const value of ['0000', '0008', '9999']) {
      expect(prizeError(value, true)).toBeUndefined();
      expect(isPrize(value)).toBe(true);
    }
  });

  it('refuses too long or non-digits at once, too short once the entry is complete', () => {
    expect(prizeError('12345', false)).toBe(PRIZE_ERROR);
    expect(prizeError('12ab', false)).toBe(PRIZE_ERROR);
    expect(prizeError(' 123', false)).toBe(PRIZE_ERROR);
    expect(prizeError('１２３４', false)).toBe(PRIZE_ERROR); // full-width digits are not 0-9
    expect(prizeError('123', false)).toBeUndefined();
    expect(prizeError('123', true)).toBe(PRIZE_ERROR);
    expect(prizeError('', true)).toBe(PRIZE_ERROR);
    expect(isPrize('12345')).toBe(false);
  });
});

describe('messages', () => {
  it('name the hour and the number', () => {
    expect(hourTakenError(22)).toBe('22:30 already has a result: choose another hour');
    expect(addedMessage('0008', '2026-11-25', 22)).toBe(
      'Lottery result added successfully: 0008 for 2026-11-25 22:30',
    );
  });
});
