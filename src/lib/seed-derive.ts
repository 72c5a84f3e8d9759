/**
 * The draw derivation of ADR 012, in the browser's WebCrypto: the same algorithm the database
 * draws with (SQL) and the CLI checks with (Node), so a visitor's browser reaches the same number
 * from public data alone.
 */

/** floor(2^32 / 10,000) * 10,000: below it every prize has exactly 429,496 source values. */
export const ACCEPT_BELOW = 4_294_960_000;
/** A reject happens with probability 1.7e-6; 64 in a row would take longer than the universe. */
const MAX_ATTEMPTS = 64;
const HEX_64 = /^[0-9a-f]{64}$/;

/** `true` for 32 bytes written as 64 lowercase hex digits, as seeds and commitments are. */
export function isHex32(value: string): boolean {
  return HEX_64.test(value);
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new RangeError('Not a hex string');
  }
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The message for one attempt: `lotto24:2026-11-23:14:0`. */
export function drawMessage(date: string, hour: number, counter: number): string {
  return `lotto24:${date}:${String(hour).padStart(2, '0')}:${counter}`;
}

/** The commitment to a seed: hex(SHA-256(seed bytes)). */
export async function commitmentOf(seedHex: string): Promise<string> {
  return bytesToHex(await crypto.subtle.digest('SHA-256', hexToBytes(seedHex)));
}

export interface DerivationStep {
  message: string;
  /** HMAC-SHA-256 of the message under the seed, 64 hex. */
  mac: string;
  /** Its first 4 bytes as a big-endian unsigned integer. */
  value: number;
  accepted: boolean;
}

export interface Derivation {
  /** The derived first prize, four digits. */
  prize: string;
  /** Every attempt, the rejected ones first: almost always exactly one. */
  steps: DerivationStep[];
}

/** The prize a seed gives the draw at `hour` of `date`, with the steps that led to it. */
export async function derivePrize(
  seedHex: string,
  date: string,
  hour: number,
): Promise<Derivation> {
  const key = await crypto.subtle.importKey(
    'raw',
    hexToBytes(seedHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const encoder = new TextEncoder();
  const steps: DerivationStep[] = [];
  for (let counter = 0; counter < MAX_ATTEMPTS; counter += 1) {
    const message = drawMessage(date, hour, counter);
    const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(message));
    const value = new DataView(mac).getUint32(0, false);
    const accepted = value < ACCEPT_BELOW;
    steps.push({ message, mac: bytesToHex(mac), value, accepted });
    if (accepted) return { prize: String(value % 10_000).padStart(4, '0'), steps };
  }
  throw new Error('No value accepted: the seed cannot be right');
}
