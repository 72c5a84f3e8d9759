import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodePng, type RawImage } from '../../lib/png.ts';
import type { GlyphAtlas } from '../../lib/raster.ts';
import { drawImageLines, loadGlyphAtlas, renderDrawImage } from './draw-image.ts';

const atlas = loadGlyphAtlas();
const render = (date: string, hour: number, prize: string, plain?: boolean) =>
  decodePng(renderDrawImage(atlas, { date, hour, prize, plain }));

/** How many pixels differ between two images inside the box [x0, x1) × [y0, y1). */
function differing(a: RawImage, b: RawImage, [x0, y0, x1, y1] = [0, 0, a.width, a.height]) {
  let count = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * a.width + x) * 3;
      if (
        a.data[i] !== b.data[i] ||
        a.data[i + 1] !== b.data[i + 1] ||
        a.data[i + 2] !== b.data[i + 2]
      )
        count += 1;
    }
  return count;
}

// The four balls' columns (draw-image.ts: radius 92, 40 apart, centred) and their band.
const BALL_BAND = [258, 470] as const;
const ballBox = (i: number): [number, number, number, number] => {
  const cx = 600 - 2 * 184 - 1.5 * 40 + 92 + i * 224;
  return [cx - 110, BALL_BAND[0], cx + 110, BALL_BAND[1]];
};

describe('renderDrawImage', () => {
  it('is a 1200x630 RGB PNG on the site header blue', () => {
    const image = render('2026-11-23', 14, '4821');
    expect([image.width, image.height, image.channels]).toEqual([1200, 630, 3]);
    expect([...image.data.subarray(0, 3)]).toEqual([0x1e, 0x3a, 0x8a]);
  });

  it('draws each number: one digit changed changes its ball and nothing else', () => {
    const a = render('2026-11-23', 14, '4821');
    const b = render('2026-11-23', 14, '4820');
    expect(differing(a, b, ballBox(3))).toBeGreaterThan(2_000);
    expect(differing(a, b)).toBe(differing(a, b, ballBox(3)));
    // Same digits, same pixels: each digit's ball is the same wherever it stands.
    expect(differing(render('2026-11-23', 14, '4821'), a)).toBe(0);
  });

  it('tells the same digit apart from another in every position', () => {
    const ones = render('2026-11-23', 14, '1111');
    const sevens = render('2026-11-23', 14, '7777');
    for (let i = 0; i < 4; i++) expect(differing(ones, sevens, ballBox(i))).toBeGreaterThan(2_000);
  });

  it('names the day and hour above the balls, and only there', () => {
    const a = render('2026-11-23', 14, '4821');
    const otherDay = render('2026-11-24', 14, '4821');
    const otherHour = render('2026-11-23', 15, '4821');
    for (const other of [otherDay, otherHour]) {
      expect(differing(a, other, [0, 0, 1200, BALL_BAND[0]])).toBeGreaterThan(100);
      expect(differing(a, other, [0, BALL_BAND[0], 1200, 630])).toBe(0);
    }
  });

  it('refuses anything but four digits', () => {
    for (const prize of ['482', '48210', '48a1', ''])
      expect(() => renderDrawImage(atlas, { date: '2026-11-23', hour: 1, prize })).toThrow(
        RangeError,
      );
  });
});

/** The atlas with its text fonts cut down to `chars`: any other character draws nothing. */
function onlyGlyphs(chars: string): GlyphAtlas {
  const fonts = Object.fromEntries(
    Object.entries(atlas.fonts).map(([name, font]) => [
      name,
      name === 'ball'
        ? font
        : {
            ...font,
            glyphs: Object.fromEntries(
              Object.entries(font.glyphs).filter(([char]) => chars.includes(char)),
            ),
          },
    ]),
  );
  return { image: atlas.image, fonts };
}

const draw14 = { date: '2026-11-23', hour: 14, prize: '4821' };
const pixelHash = (image: RawImage) => createHash('sha256').update(image.data).digest('hex');

describe('the plain (wordless) image, for pages in a language other than English', () => {
  it('leaves the English image as it was before the plain variant', () => {
    // Pixels of the English image rendered before the plain variant existed (its PNG bytes were
    // compared too, d65e6bb9…): change this only with a deliberate change of the English image.
    const before = '4c5a901a7fb72da2a29367c52fd65ea356b05bc182a0af95f76ee891c5a12871';
    expect(pixelHash(render('2026-11-23', 14, '4821'))).toBe(before);
    expect(pixelHash(render('2026-11-23', 14, '4821', false))).toBe(before);
  });

  it('writes the date as 2026-11-23 and the time as 07:30, and no word', () => {
    const { above, below } = drawImageLines({
      date: '2026-11-23',
      hour: 7,
      prize: '0519',
      plain: true,
    });
    expect([...above, ...below].map((line) => line.text)).toEqual(['2026-11-23', '07:30']);
  });

  it('draws no glyph but digits, "-" and ":", whereas the English image needs letters', () => {
    const digits = onlyGlyphs('0123456789-:');
    for (const [date, hour, prize] of [
      ['2026-11-23', 7, '0519'],
      ['2099-12-31', 23, '9999'],
      ['2000-01-01', 0, '0000'],
    ] as const) {
      const plain = { date, hour, prize, plain: true };
      expect(renderDrawImage(digits, plain).equals(renderDrawImage(atlas, plain))).toBe(true);
      // The check has teeth: the English image loses its words without the letters.
      const english = { date, hour, prize };
      expect(renderDrawImage(digits, english).equals(renderDrawImage(atlas, english))).toBe(false);
    }
  });

  it('has the same balls as the English image, its own line above them and nothing below', () => {
    const english = render('2026-11-23', 14, '4821');
    const plain = render('2026-11-23', 14, '4821', true);
    expect(differing(english, plain, [0, 0, 1200, BALL_BAND[0]])).toBeGreaterThan(1_000);
    expect(differing(english, plain, [0, BALL_BAND[0], 1200, BALL_BAND[1]])).toBe(0);
    const blank = decodePng(renderDrawImage(onlyGlyphs(''), { ...draw14, plain: true }));
    expect(differing(plain, blank, [0, BALL_BAND[1], 1200, 630])).toBe(0);
    expect(differing(english, blank, [0, BALL_BAND[1], 1200, 630])).toBeGreaterThan(100);
  });

  it('names the day and hour above the balls, and only there', () => {
    const a = render('2026-11-23', 14, '4821', true);
    for (const other of [
      render('2026-11-24', 14, '4821', true),
      render('2026-11-23', 15, '4821', true),
    ]) {
      expect(differing(a, other, [0, 0, 1200, BALL_BAND[0]])).toBeGreaterThan(100);
      expect(differing(a, other, [0, BALL_BAND[0], 1200, 630])).toBe(0);
    }
  });
});
