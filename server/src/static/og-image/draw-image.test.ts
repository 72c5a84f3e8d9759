import { describe, expect, it } from 'vitest';
import { decodePng, type RawImage } from '../../lib/png.ts';
import { loadGlyphAtlas, renderDrawImage } from './draw-image.ts';

const atlas = loadGlyphAtlas();
const render = (date: string, hour: number, prize: string) =>
  decodePng(renderDrawImage(atlas, { date, hour, prize }));

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
