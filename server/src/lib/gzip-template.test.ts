import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipTemplate } from './gzip-template.ts';

const text = (n: number) => Buffer.from('<li>1234</li>'.repeat(Math.ceil(n / 13)).slice(0, n));

describe('gzipTemplate', () => {
  it('gives gzip that any gunzip reads back as the pieces with the holes between them', () => {
    const pieces = [text(700), text(48_000), text(90)];
    const template = gzipTemplate(pieces);
    for (const holes of [
      [Buffer.from('<title>Check 1234</title>'), Buffer.from('{"rows":[]}')],
      [Buffer.alloc(0), Buffer.alloc(0)],
      [randomBytes(3_000), Buffer.alloc(0)],
      // Longer than one stored block holds.
      [Buffer.alloc(0), randomBytes(150_000)],
    ]) {
      // gunzip checks the trailer's CRC-32 and length.
      expect(gunzipSync(template.fill(holes))).toEqual(
        Buffer.concat([pieces[0]!, holes[0]!, pieces[1]!, holes[1]!, pieces[2]!]),
      );
    }
  });

  it('takes pieces of any length, empty ones included', () => {
    for (const pieces of [[text(0)], [text(1), text(0)], [randomBytes(70_000), text(3)]]) {
      const holes = pieces.slice(1).map(() => Buffer.from('hole'));
      const expected = Buffer.concat(
        pieces.flatMap((piece, i) => (i ? [holes[i - 1]!, piece] : [piece])),
      );
      expect(gunzipSync(gzipTemplate(pieces).fill(holes))).toEqual(expected);
    }
  });

  it('compresses the pieces, and only the holes go as they are', () => {
    const template = gzipTemplate([text(48_000), text(48_000)]);
    const hole = randomBytes(2_000);
    expect(template.fill([hole]).length).toBeLessThan(hole.length + 2_000);
  });

  it('refuses a hole count that does not fit the pieces', () => {
    expect(() => gzipTemplate([text(10), text(10)]).fill([])).toThrow(/one hole/);
  });
});
