import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Gzip of a text whose most part never changes: `pieces` are compressed once, and each `fill`
 * puts its holes between them as stored (uncompressed) deflate blocks. Filling costs a copy and a
 * CRC of the holes, where gzip of the whole would compress every byte again. This is legal
 * deflate: each piece is compressed on its own, so no block refers back across a hole, and ends
 * byte-aligned on a flush, where a stored block (or the next piece) can begin. The trailer's
 * CRC-32 runs over the pieces without reading them again: the CRC of a text followed by a piece
 * is a fixed linear map of the text's CRC (`zeros` of the piece's length, as zlib's
 * crc32_combine builds it) plus the piece's own CRC.
 */
export interface GzipTemplate {
  /** The gzip of pieces[0] + holes[0] + pieces[1] + …; holes.length is pieces.length - 1. */
  fill(holes: readonly Buffer[]): Buffer;
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes: ends the deflate stream after a full flush. */
const END = Buffer.from([0x03, 0x00]);
const STORED_MAX = 0xffff;

/** A linear map on the 32-bit register, as its 32 columns. */
type Operator = Uint32Array;
const apply = (op: Operator, v: number) => {
  let r = 0;
  for (let i = 0; v !== 0; i++, v >>>= 1) if (v & 1) r ^= op[i]!;
  return r >>> 0;
};
const compose = (a: Operator, b: Operator): Operator => b.map((column) => apply(a, column));
/** What one zero byte does to the CRC register (zlib's crc32 inverts it before and after). */
const ONE_ZERO_BYTE: Operator = Uint32Array.from(
  { length: 32 },
  (_, i) => ~crc32(new Uint8Array(1), ~(2 ** i) >>> 0) >>> 0,
);
const IDENTITY: Operator = Uint32Array.from({ length: 32 }, (_, i) => 2 ** i);

/** What `n` zero bytes do to the register: ONE_ZERO_BYTE to the power n, by squaring. */
function zeros(n: number): Operator {
  let result = IDENTITY;
  let power = ONE_ZERO_BYTE;
  for (let k = n; k > 0; k = Math.floor(k / 2)) {
    if (k % 2) result = compose(power, result);
    power = compose(power, power);
  }
  return result;
}

/** Stored blocks of `bytes`, at most 65,535 bytes each. */
function stored(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const header = Buffer.alloc(5); // BFINAL 0, BTYPE 00, then LEN and its complement
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

export function gzipTemplate(pieces: readonly Buffer[]): GzipTemplate {
  const compressed = pieces.map((piece) => ({
    deflated: deflateRawSync(piece, { level: 9, finishFlush: constants.Z_FULL_FLUSH }),
    shift: zeros(piece.length),
    crc: crc32(piece),
    length: piece.length,
  }));
  return {
    fill(holes) {
      if (holes.length !== pieces.length - 1) throw new Error('one hole between each two pieces');
      const parts: Buffer[] = [HEADER];
      let crc = 0; // of what is in `parts` so far
      let length = 0;
      compressed.forEach((piece, i) => {
        parts.push(piece.deflated);
        crc = (apply(piece.shift, crc) ^ piece.crc) >>> 0;
        length += piece.length;
        const hole = holes[i];
        if (!hole) return;
        parts.push(...stored(hole));
        crc = crc32(hole, crc);
        length += hole.length;
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc, 0);
      trailer.writeUInt32LE(length >>> 0, 4);
      return Buffer.concat([...parts, END, trailer]);
    },
  };
}
