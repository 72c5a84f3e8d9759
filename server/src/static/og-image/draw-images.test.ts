import { describe, expect, it } from 'vitest';
import type { DrawImageContent } from './draw-image.ts';
import { contentToken, drawImages } from './draw-images.ts';
import { drawOfImagePath } from './routes.ts';

/** A renderer that counts its calls and returns `size` bytes naming what it drew. */
function counting(size = 100) {
  const drawn: string[] = [];
  const render = ({ date, hour, prize, plain }: DrawImageContent) => {
    drawn.push(`${date}/${hour}/${prize}${plain ? '/plain' : ''}`);
    return Promise.resolve(Buffer.alloc(size, prize));
  };
  return { drawn, render };
}

const draw = (hour: number, prize = '4821') => ({ date: '2026-11-23', hour, prize });

describe('drawImages', () => {
  it('draws each image once and serves it again from memory', async () => {
    const { drawn, render } = counting();
    const images = drawImages(render);
    const first = await images.get(draw(14));
    expect(await images.get(draw(14))).toBe(first);
    expect(drawn).toEqual(['2026-11-23/14/4821']);
  });

  it('draws an edited number anew, under a new ETag', async () => {
    const { drawn, render } = counting();
    const images = drawImages(render);
    const before = (await images.get(draw(14, '4821')))!;
    const after = (await images.get(draw(14, '1111')))!;
    expect(drawn).toHaveLength(2);
    expect(after.etag).not.toBe(before.etag);
  });

  it('keeps at most maxEntries images, forgetting the least recently asked', async () => {
    const { drawn, render } = counting();
    const images = drawImages(render, { maxEntries: 2 });
    await images.get(draw(1));
    await images.get(draw(2));
    await images.get(draw(1));
    await images.get(draw(3));
    expect(images.stats().entries).toBe(2);
    await images.get(draw(1));
    expect(drawn).toHaveLength(3);
    await images.get(draw(2));
    expect(drawn).toHaveLength(4);
  });

  it('keeps at most maxBytes, whatever the count', async () => {
    const { render } = counting(1_000);
    const images = drawImages(render, { maxBytes: 3_500, rendersPerSecond: 100 });
    for (let hour = 0; hour < 24; hour++) await images.get(draw(hour));
    expect(images.stats()).toEqual({ entries: 3, bytes: 3_000 });
  });

  it('draws at most rendersPerSecond new images; cached ones are still served', async () => {
    let now = 1_000_000;
    const { drawn, render } = counting();
    const images = drawImages(render, { rendersPerSecond: 3, now: () => now });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, hour) => images.get(draw(hour % 24, String(1000 + hour)))),
    );
    expect(answers.filter(Boolean)).toHaveLength(3);
    expect(drawn).toHaveLength(3);
    expect(await images.get(draw(0, '1000'))).toBeDefined();
    now += 2_000;
    expect(await images.get(draw(5, '9999'))).toBeDefined();
  });

  it('shares one render among concurrent asks, and keeps nothing a render could not draw', async () => {
    const { drawn, render } = counting();
    const images = drawImages(render);
    const [a, b] = await Promise.all([images.get(draw(9)), images.get(draw(9))]);
    expect(a).toBe(b);
    expect(drawn).toHaveLength(1);
    const failing = drawImages(() => Promise.resolve(undefined));
    expect(await failing.get(draw(9))).toBeUndefined();
    expect(failing.stats().entries).toBe(0);
  });

  it('names content with a stable token per date, hour, number and variant', () => {
    expect(contentToken(draw(14))).toMatch(/^[0-9a-f]{8}$/);
    expect(contentToken(draw(14))).toBe(contentToken(draw(14)));
    const plain = { ...draw(14), plain: true };
    expect(new Set([draw(14), draw(15), draw(14, '4822'), plain].map(contentToken)).size).toBe(4);
    // English keeps the token it had before the plain variant: its URLs and ETags stay.
    expect(contentToken(draw(14))).toBe('d27180d4');
    expect(contentToken({ ...draw(14), plain: false })).toBe('d27180d4');
  });

  it('keeps the English and the plain image of one draw apart, under the same bounds', async () => {
    const { drawn, render } = counting();
    const images = drawImages(render, { maxEntries: 2 });
    const english = (await images.get(draw(14)))!;
    const plain = (await images.get({ ...draw(14), plain: true }))!;
    expect(plain).not.toBe(english);
    expect(plain.etag).not.toBe(english.etag);
    expect(await images.get({ ...draw(14), plain: false })).toBe(english);
    expect(await images.get({ ...draw(14), plain: true })).toBe(plain);
    expect(drawn).toEqual(['2026-11-23/14/4821', '2026-11-23/14/4821/plain']);
    await images.get({ ...draw(15), plain: true });
    expect(images.stats().entries).toBe(2);
  });
});

describe('drawOfImagePath', () => {
  it('reads a draw in the database range with its one hour spelling', () => {
    const english = (date: string, hour: number) => ({ draw: { date, hour }, plain: false });
    expect(drawOfImagePath('2026-11-23', '7.png')).toEqual(english('2026-11-23', 7));
    expect(drawOfImagePath('2000-01-01', '0.png')).toEqual(english('2000-01-01', 0));
    expect(drawOfImagePath('2099-12-31', '23.png')).toEqual(english('2099-12-31', 23));
  });

  it('reads the plain variant by its one file name', () => {
    for (const [date, hour] of [
      ['2026-11-23', 7],
      ['2000-01-01', 0],
      ['2099-12-31', 23],
    ] as const)
      expect(drawOfImagePath(date, `${hour}-plain.png`)).toEqual({
        draw: { date, hour },
        plain: true,
      });
  });

  it('refuses anything else', () => {
    const bad: Array<[string, string]> = [
      ['2026-11-23', '24.png'],
      ['2026-11-23', '25.png'],
      ['2026-11-23', '07.png'],
      ['2026-11-23', '7.jpg'],
      ['2026-11-23', '7'],
      ['2026-11-23', '-1.png'],
      ['2026-02-30', '1.png'],
      ['1999-12-31', '1.png'],
      ['2100-01-01', '1.png'],
      ['junk', '1.png'],
      ['2026-11-23', `${'9'.repeat(90)}.png`],
      ['2026-11-23', '07-plain.png'],
      ['2026-11-23', '24-plain.png'],
      ['2026-11-23', '7-Plain.png'],
      ['2026-11-23', '7-plain.jpg'],
      ['2026-11-23', '7-plain'],
      ['2026-11-23', '7plain.png'],
      ['2026-11-23', '7-plain-plain.png'],
      ['2026-11-23', '7-words.png'],
      ['2026-11-23', '-plain.png'],
      ['2026-11-23', '7.png-plain.png'],
      ['2100-01-01', '1-plain.png'],
      ['2026-11-23', `${'9'.repeat(90)}-plain.png`],
    ];
    for (const [date, file] of bad)
      expect(drawOfImagePath(date, file), `${date}/${file}`).toBeNull();
  });
});
