import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCEPT_BELOW, commitmentOf, derivePrize, drawMessage, isHex32 } from './derive';

/** The contract's algorithm once more with Node's crypto, as the CLI runs it. */
function nodeDerive(seedHex: string, date: string, hour: number) {
  const values: number[] = [];
  for (let counter = 0; ; counter += 1) {
    const message = `lotto24:${date}:${String(hour).padStart(2, '0')}:${counter}`;
    const value = createHmac('sha256', Buffer.from(seedHex, 'hex'))
      .update(message)
      .digest()
      .readUInt32BE(0);
    values.push(value);
    if (value < 4_294_960_000) return { prize: String(value % 10_000).padStart(4, '0'), values };
  }
}

describe('the draw derivation in WebCrypto', () => {
  it('writes the message with a two-digit hour and an unpadded counter', () => {
    expect(drawMessage('2026-11-23', 4, 0)).toBe('lotto24:2026-11-23:04:0');
    expect(drawMessage('2026-11-23', 14, 12)).toBe('lotto24:2026-11-23:14:12');
  });

  it('commits to a seed with its SHA-256', async () => {
    const seed = randomBytes(32).toString('hex');
    const commitment = await commitmentOf(seed);
    expect(isHex32(commitment)).toBe(true);
    expect(commitment).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
  });

  it('derives the prize Node derives, for random seeds and every hour', async () => {
    for (let hour = 0; hour < 24; hour += 1) {
      const seed = randomBytes(32).toString('hex');
      const derived = await derivePrize(seed, '2026-11-23', hour);
      expect(derived.prize).toBe(nodeDerive(seed, '2026-11-23', hour).prize);
      expect(derived.prize).toMatch(/^\d{4}$/);
      expect(derived.steps.at(-1)?.message).toBe(drawMessage('2026-11-23', hour, 0));
    }
  });

  it('rejects a value at or above the bound and tries the next counter', async () => {
    // Found by search: its first HMAC for 2026-11-23 14:30 reads 4294963827 (rejected).
    const seed = '00070a6b711e53320a3682cdec8cd0ee121b2597ab967c887cd2cb2ca77ef7f2';
    const expected = nodeDerive(seed, '2026-11-23', 14);
    const derived = await derivePrize(seed, '2026-11-23', 14);
    expect(derived.steps.map((step) => step.value)).toEqual(expected.values);
    expect(derived.steps).toHaveLength(2);
    expect(derived.steps[0]).toMatchObject({ message: 'lotto24:2026-11-23:14:0', accepted: false });
    expect(derived.steps[0]!.value).toBeGreaterThanOrEqual(ACCEPT_BELOW);
    expect(derived.steps[1]).toMatchObject({ message: 'lotto24:2026-11-23:14:1', accepted: true });
    expect(derived.prize).toBe(expected.prize);
  });
});
