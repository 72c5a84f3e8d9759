import { describe, expect, it } from 'vitest';
import { drawMeta } from '../../../../src/shared/config/page-meta.ts';
import { LOCALES } from '../../../../src/shared/i18n/locales.ts';
import { messagesFor } from '../catalogs.ts';
import { drawImagePath, withDrawImage } from './draw-image-meta.ts';

const draw = { date: '2026-11-23', hour: 14 };
// The page's words as the stack reads them (a message not loaded is an error, ADR 027).
const en = messagesFor('en');

describe('withDrawImage', () => {
  it('gives a draw with a published number its own image, named for screen readers', () => {
    const meta = withDrawImage(drawMeta(draw, '4821', false, en), draw, '4821');
    expect(meta.image).toEqual({
      path: drawImagePath(draw, '4821'),
      alt: 'Draw 14:30 on 23 November 2026: first prize 4821',
    });
    expect(meta.image!.path).toMatch(/^\/og\/draw\/2026-11-23\/14\.png\?v=[0-9a-f]{8}$/);
  });

  it("names the image in the page's language (ADR 027)", () => {
    const th = messagesFor('th');
    const meta = withDrawImage(drawMeta(draw, '4821', false, th), draw, '4821', th);
    expect(meta.image!.alt).toBe('รอบ 14:30 วันที่ 23 พฤศจิกายน 2569: รางวัลที่ 1 4821');
    const english = withDrawImage(drawMeta(draw, '4821', false, en), draw, '4821', en);
    expect(english.image!.alt).toBe('Draw 14:30 on 23 November 2026: first prize 4821');
  });

  it('points every other language at the plain image, English at the one it always had', () => {
    const others = LOCALES.filter((locale) => locale !== 'en');
    expect(others).toEqual(['th', 'lo', 'vi', 'zh', 'ms']);
    const english = withDrawImage(drawMeta(draw, '4821', false, en), draw, '4821', en);
    // The address English pages named before the plain image existed, token and all.
    expect(english.image!.path).toBe('/og/draw/2026-11-23/14.png?v=d27180d4');
    for (const locale of others) {
      const t = messagesFor(locale);
      const path = withDrawImage(drawMeta(draw, '4821', false, t), draw, '4821', t).image!.path;
      expect(path, locale).toBe(drawImagePath(draw, '4821', true));
      expect(path, locale).toMatch(/^\/og\/draw\/2026-11-23\/14-plain\.png\?v=[0-9a-f]{8}$/);
      // Another token too: a cache keyed by the query alone never swaps the two.
      expect(new URL(path, 'https://x.invalid').searchParams.get('v')).not.toBe('d27180d4');
    }
  });

  it('changes the image URL when the number is corrected, so previewers fetch it again', () => {
    expect(drawImagePath(draw, '4821')).not.toBe(drawImagePath(draw, '4822'));
    expect(drawImagePath(draw, '4821', true)).not.toBe(drawImagePath(draw, '4822', true));
  });

  it('keeps the generic image for a draw without a number to show', () => {
    for (const prize of [null, undefined])
      expect(withDrawImage(drawMeta(draw, prize, false, en), draw, prize).image).toBeUndefined();
  });
});
