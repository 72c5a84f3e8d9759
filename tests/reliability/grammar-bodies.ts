import { hostileText } from './atoms.ts';
import type { Prng } from './prng.ts';

// Request bodies shared by the REST, auth and functions grammars.

/** Who a generated request claims to be. Nobody here may write: the data must not change. */
export interface Credentials {
  anonKey: string;
  serviceRoleKey: string;
  /** A signed-in user without a role: RLS refuses every write. */
  userToken: string;
  /** Admin and service role are used for reads only. */
  adminToken: string;
}

export function jsonBody(rng: Prng): Buffer {
  const record = () =>
    Object.fromEntries(
      Array.from({ length: rng.int(0, 5) }, () => [
        rng.chance(0.6)
          ? rng.pick([
              'draw_date',
              'draw_hour',
              'draw_time',
              'first_prize',
              'id',
              'created_by',
              'role',
              'user_id',
            ])
          : hostileText(rng),
        rng.oneOf<unknown>(
          () => hostileText(rng),
          () => rng.int(-1e6, 1e6),
          () => null,
          () => [hostileText(rng)],
          () => ({ [hostileText(rng)]: hostileText(rng) }),
          () => Number.MAX_VALUE,
        ),
      ]),
    );
  const text = rng.oneOf(
    () => JSON.stringify(record()),
    () => JSON.stringify(Array.from({ length: rng.int(0, 20) }, record)),
    () => JSON.stringify(record()).slice(0, rng.int(0, 30)),
    () =>
      rng.pick([
        '',
        'null',
        '[]',
        '{}',
        '[[[]]]',
        '"x"',
        '1',
        'true',
        '{"a":"\\ud800"}',
        '{"a":"\\u0000"}',
        '['.repeat(5000),
      ]),
    () => hostileText(rng),
  );
  return Buffer.from(text);
}

/** 1 to 5 MB: a JSON array cut mid-string, or plain junk. */
export function hugeBody(rng: Prng): Buffer {
  const size = rng.int(1, 5) * 1024 * 1024;
  return rng.chance(0.5)
    ? Buffer.from(`[{"first_prize":"${'9'.repeat(size)}`)
    : Buffer.alloc(size, rng.pick(['a', '{', '\u0000', 'é']));
}
