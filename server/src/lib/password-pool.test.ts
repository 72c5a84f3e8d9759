import bcrypt from 'bcryptjs';
import { afterAll, describe, expect, it } from 'vitest';
import { PasswordPool, PasswordPoolBusyError } from './password-pool.ts';

const pool = new PasswordPool({ size: 1, maxQueue: 2 });
afterAll(() => pool.close());

describe('password pool', () => {
  it('hashes GoTrue-compatible $2b$10$ hashes that bcryptjs reads, and compares', async () => {
    const hash = (await pool.run({ op: 'hash', password: 'correct horse', cost: 10 })) as string;
    expect(hash).toMatch(/^\$2b\$10\$/);
    expect(bcrypt.compareSync('correct horse', hash)).toBe(true);
    expect(await pool.run({ op: 'compare', password: 'correct horse', hash })).toBe(true);
    expect(await pool.run({ op: 'compare', password: 'correct horsE', hash })).toBe(false);
  });

  it('keeps the event loop free while it hashes', async () => {
    // What one hash costs on this thread, now: the bound is relative, so a busy machine (which
    // slows both) does not fail it and a hash on the event loop (a gap of at least this) does.
    const started = performance.now();
    bcrypt.hashSync('x'.repeat(20), 10);
    const oneHash = performance.now() - started;
    const jobs = Promise.all(
      [0, 1, 2].map(() => pool.run({ op: 'hash', password: 'x'.repeat(20), cost: 10 })),
    );
    // Timer ticks while three cost-10 hashes run: each would block `oneHash` on this thread.
    let worst = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 1);
    await jobs;
    clearInterval(timer);
    expect(worst).toBeLessThan(oneHash);
  });

  it('refuses a job past its bounded queue instead of queueing forever', async () => {
    const accepted = [0, 1, 2].map(() =>
      pool.run({ op: 'hash', password: 'y'.repeat(20), cost: 10 }),
    );
    await expect(pool.run({ op: 'hash', password: 'z', cost: 10 })).rejects.toBeInstanceOf(
      PasswordPoolBusyError,
    );
    await Promise.all(accepted);
    expect(pool.load).toBe(0);
  });

  it('answers a malformed hash as a mismatch, and goes on', async () => {
    expect(await pool.run({ op: 'compare', password: 'a', hash: 'not-a-hash' })).toBe(false);
    expect(await pool.run({ op: 'compare', password: 'a', hash: bcrypt.hashSync('a', 4) })).toBe(
      true,
    );
  });
});
