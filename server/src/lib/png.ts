import { crc32, deflateSync, inflateSync } from 'node:zlib';

/**
 * A minimal PNG (ISO/IEC 15948) writer and reader over Node's built-in zlib: 8-bit greyscale,
 * RGB or RGBA, not interlaced. Enough for the stack's preview images and their glyph atlas,
 * with no native dependency.
 */
export interface RawImage {
  width: number;
  height: number;
  /** Samples per pixel: 1 grey, 3 RGB, 4 RGBA. */
  channels: 1 | 3 | 4;
  /** Rows top to bottom, `width * channels` bytes each. */
  data: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE = { 1: 0, 3: 2, 4: 6 } as const;
const CHANNELS: Record<number, 1 | 3 | 4> = { 0: 1, 2: 3, 6: 4 };
/** What the reader accepts: far above the previews, far below a decompression bomb. */
export const MAX_DECODED_BYTES = 64 * 1024 * 1024;

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(body, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, body, tail]);
}

/**
 * Encodes with no row filter at deflate level 3: on a 1200x630 preview (flat colour, a few discs
 * and glyphs) that measured both faster and smaller than the Sub filter, and level 3 about a
 * third of level 6's time for 25% more bytes (docs/benchmarks.md, "Preview images").
 */
export function encodePng(image: RawImage, level = 3): Buffer {
  const { width, height, channels, data } = image;
  if (data.length !== width * height * channels) throw new RangeError('data does not fit size');
  const stride = width * channels;
  const filtered = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++)
    filtered.set(data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = COLOR_TYPE[channels];
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filtered, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Decodes what `encodePng` writes, and any other 8-bit grey/RGB/RGBA PNG (every filter). */
export function decodePng(png: Uint8Array): RawImage {
  const buffer = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (!buffer.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels: 1 | 3 | 4 | undefined;
  const idat: Buffer[] = [];
  while (offset + 8 <= buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      channels = CHANNELS[body[9]!];
      if (body[8] !== 8 || !channels || body[12] !== 0) throw new Error('unsupported PNG format');
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!channels || width * height * channels > MAX_DECODED_BYTES) throw new Error('bad PNG size');
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: (stride + 1) * height });
  if (raw.length !== (stride + 1) * height) throw new Error('truncated PNG');
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    if (filter > 4) throw new Error('bad PNG filter');
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? data[row + i - channels]! : 0;
      const b = y > 0 ? data[row - stride + i]! : 0;
      const c = y > 0 && i >= channels ? data[row - stride + i - channels]! : 0;
      const predictor =
        filter === 0
          ? 0
          : filter === 1
            ? a
            : filter === 2
              ? b
              : filter === 3
                ? (a + b) >> 1
                : paeth(a, b, c);
      data[row + i] = (raw[source + i]! + predictor) & 0xff;
    }
  }
  return { width, height, channels, data };
}
