import { constants, deflateRawSync } from 'node:zlib';

/**
 * Gzip of a text whose most part never changes: `pieces` are compressed once, and each `fill`
 * puts its holes between them as stored (uncompressed) deflate blocks. Filling costs a copy and a
 * CRC of the holes, where gzip of the whole would compress every byte again. This is legal
 * deflate: each piece is compressed on its own, so no block refers back across a hole, and ends
 * byte-aligned on a flush, where a stored block (or the next piece) can begin. The gzip trailer's CRC-32 runs over the pieces
 * without reading them again: a piece's effect on the CRC is a fixed linear map plus its own CRC
 * (the operator of `zeros` below, as zlib's crc32_combine builds it).
 */
export interface GzipTemplate {
  /** The gzip of pieces[0] + holes[0] + pieces[1] + …; holes.length is pieces.length - 1. */
  fill(holes: readonly Buffer[]): Buffer;
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes: ends the deflate stream after a full flush. */
const END = Buffer.from([0x03, 0x00]);
const STORED_MAX = 0xffff;

const TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

/** The CRC register after `bytes`, from `register` (no pre- or post-inversion). */
function advance(register: number, bytes: Uint8Array): number {
  let r = register;
  for (let i = 0; i < bytes.length; i++) r = TABLE[(r ^ bytes[i]!) & 0xff]! ^ (r >>> 8);
  return r >>> 0;
}

/** A linear map on the 32-bit register, as its 32 columns. */
type Operator = Uint32Array;
const apply = (op: Operator, v: number) => {
  let r = 0;
  for (let i = 0; v !== 0; i++, v >>>= 1) if (v & 1) r ^= op[i]!;
  return r >>> 0;
};
const compose = (a: Operator, b: Operator): Operator => b.map((column) => apply(a, column));
const ONE_ZERO_BYTE: Operator = Uint32Array.from({ length: 32 }, (_, i) =>
  advance(2 ** i, new Uint8Array(1)),
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
    crc: advance(0, piece),
    length: piece.length,
  }));
  return {
    fill(holes) {
      if (holes.length !== pieces.length - 1) throw new Error('one hole between each two pieces');
      const parts: Buffer[] = [HEADER];
      let register = 0xffffffff;
      let length = 0;
      compressed.forEach((piece, i) => {
        parts.push(piece.deflated);
        register = (apply(piece.shift, register) ^ piece.crc) >>> 0;
        length += piece.length;
        const hole = holes[i];
        if (!hole) return;
        parts.push(...stored(hole));
        register = advance(register, hole);
        length += hole.length;
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(~register >>> 0, 0);
      trailer.writeUInt32LE(length >>> 0, 4);
      return Buffer.concat([...parts, END, trailer]);
    },
  };
}
