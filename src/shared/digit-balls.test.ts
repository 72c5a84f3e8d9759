import { describe, expect, it } from 'vitest';
import {
  ballColors,
  contrastRatio,
  DARK_CARD,
  DIGIT_BALL_COLORS,
  relativeLuminance,
} from './digit-balls.ts';

describe('digit balls', () => {
  it('has the required colour for every digit', () => {
    const names = '0123456789'.split('').map((digit) => ballColors(digit).name);
    expect(names).toEqual([
      'white',
      'yellow',
      'blue',
      'red',
      'purple',
      'orange',
      'green',
      'dark red',
      'black',
      'amber',
    ]);
    expect(ballColors('0').border).toBe('#000000');
  });

  it.each(Object.entries(DIGIT_BALL_COLORS))(
    'digit %s keeps WCAG AA contrast (4.5:1) between its text and its ball',
    (_digit, colors) => {
      expect(contrastRatio(colors.text, colors.background)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(Object.entries(DIGIT_BALL_COLORS))(
    'digit %s stays a visible ball on the dark theme (its edge 3:1 against the card)',
    (_digit, colors) => {
      expect(contrastRatio(colors.darkBorder, DARK_CARD)).toBeGreaterThanOrEqual(3);
    },
  );

  it('computes contrast as WCAG defines it', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('rejects anything but a digit', () => {
    expect(() => ballColors('a')).toThrow(RangeError);
  });
});
