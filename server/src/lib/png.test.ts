import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePng, encodePng, type RawImage } from './png.ts';

const image = (width: number, height: number, channels: 1 | 3 | 4): RawImage => ({
  width,
  height,
  channels,
  data: Uint8Array.from({ length: width * height * channels }, (_, i) => (i * 37) % 256),
});

/** The chunks of a PNG, as a reader walks them. */
function chunks(png: Buffer) {
  const found: Array<{ type: string; body: Buffer }> = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    found.push({
      type: png.toString('latin1', at + 4, at + 8),
      body: png.subarray(at + 8, at + 8 + length),
    });
    at += 12 + length;
  }
  return found;
}

describe('encodePng', () => {
  it('writes the signature, a header with its size and format, one IDAT and IEND', () => {
    const png = encodePng(image(7, 5, 3));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    const [header, ...rest] = chunks(png);
    expect(header!.type).toBe('IHDR');
    expect(header!.body.readUInt32BE(0)).toBe(7);
    expect(header!.body.readUInt32BE(4)).toBe(5);
    expect([header!.body[8], header!.body[9]]).toEqual([8, 2]);
    expect(rest.map((chunk) => chunk.type)).toEqual(['IDAT', 'IEND']);
  });

  it('stores every row, filter byte first, as zlib inflates it back', () => {
    const source = image(6, 4, 3);
    const idat = chunks(encodePng(source)).find((chunk) => chunk.type === 'IDAT')!;
    const raw = inflateSync(idat.body);
    expect(raw.length).toBe(4 * (1 + 6 * 3));
    for (let y = 0; y < 4; y++) {
      expect(raw[y * 19]).toBe(0);
      expect(raw.subarray(y * 19 + 1, (y + 1) * 19)).toEqual(
        Buffer.from(source.data.subarray(y * 18, (y + 1) * 18)),
      );
    }
  });

  it('round-trips grey, RGB and RGBA', () => {
    for (const channels of [1, 3, 4] as const) {
      const source = image(13, 9, channels);
      expect(decodePng(encodePng(source))).toEqual(source);
    }
  });

  it('refuses data that does not match the size', () => {
    expect(() => encodePng({ width: 2, height: 2, channels: 3, data: new Uint8Array(5) })).toThrow(
      RangeError,
    );
  });
});

describe('decodePng', () => {
  it('undoes every filter type (as other encoders write them)', () => {
    // Rows filtered None, Sub, Up, Average, Paeth over a 2x5 greyscale image.
    const rows = [
      [0, 10, 20],
      [1, 5, 5],
      [2, 1, 1],
      [3, 4, 4],
      [4, 2, 2],
    ];
    const header = Buffer.alloc(13);
    header.writeUInt32BE(2, 0);
    header.writeUInt32BE(5, 4);
    header[8] = 8;
    const chunk = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(body.length);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, body, Buffer.alloc(4)]);
    };
    const png = Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.from(rows.flat()))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    // None: 10 20. Sub: 5 10. Up: 6 11. Average: 4+3=7, 4+(7+11>>1)=13. Paeth: 2+7=9, 2+13=15.
    expect([...decodePng(png).data]).toEqual([10, 20, 5, 10, 6, 11, 7, 13, 9, 15]);
  });

  it('refuses what is no PNG, and a size past its bound before inflating anything', () => {
    expect(() => decodePng(Buffer.from('GIF89a'))).toThrow('not a PNG');
    const huge = encodePng(image(1, 1, 1));
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    expect(() => decodePng(huge)).toThrow('bad PNG size');
  });
});
