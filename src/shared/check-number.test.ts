import { describe, expect, it } from 'vitest';
import { kindsFor, parseCheckNumber } from './check-number.ts';

describe('parseCheckNumber', () => {
  it('accepts 2 to 4 digits, keeping leading zeros', () => {
    expect(parseCheckNumber('0427')).toBe('0427');
    expect(parseCheckNumber('007')).toBe('007');
    expect(parseCheckNumber('42')).toBe('42');
  });

  it('drops the spaces and dashes people type', () => {
    expect(parseCheckNumber(' 12-34 ')).toBe('1234');
  });

  it('refuses anything else', () => {
    for (const raw of ['', '1', '12345', 'abcd', '１２３４', '12.4', null, undefined])
      expect(parseCheckNumber(raw)).toBeNull();
  });
});

describe('kindsFor', () => {
  it('offers only the tiers a number of that length can have', () => {
    expect(kindsFor('1234')).toEqual(['exact', 'last3', 'last2']);
    expect(kindsFor('234')).toEqual(['last3', 'last2']);
    expect(kindsFor('34')).toEqual(['last2']);
  });
});
