import type { Prng } from './prng.ts';

// The vocabulary every grammar draws from: hostile identifiers, values and header values.

export const INJECTIONS = [
  "'; drop table public.lottery_results; --",
  ') or 1=1 --',
  "' or '1'='1",
  '$$; delete from public.lottery_results; $$',
  "E'\\x00'",
  "E'\\\\'",
  '1; select pg_sleep(5)',
  '"; truncate auth.users cascade; --',
  "1' union select * from auth.users --",
  '\\',
  '%',
  '_',
  '*',
  "pg_read_file('/etc/passwd')",
  "current_setting('request.jwt.claims')",
  '{"a":',
  '(select 1)',
  '$1',
  '\u0000',
  '::text',
];

export const ODD_TEXT = [
  '',
  ' ',
  '"a""b"',
  '"',
  '""',
  '😀🎰',
  '\u202egnp.exe',
  '\u200b',
  'ｄｒａｗ＿ｈｏｕｒ',
  'ß',
  'İ',
  'a'.repeat(300),
  '9'.repeat(40),
  '-0',
  'NaN',
  'Infinity',
  '1e309',
  'null',
  'true',
  '[]',
  '{}',
  '\t\r\n',
  '\ud800',
];

/** Escapes that decode to NUL, overlong UTF-8, lone surrogates or broken sequences. */
export const BAD_ESCAPES = [
  '%00',
  '%C0%80',
  '%C0%AE',
  '%E0%80%AE',
  '%F0%80%80%AE',
  '%ED%A0%80',
  '%FF',
  '%E0%A4%A',
  '%',
  '%zz',
  '%25',
  '%2e%2e%2f',
  '%5c',
  '%0d%0a',
];

export const COLUMNS = [
  'id',
  'draw_date',
  'draw_hour',
  'draw_time',
  'first_prize',
  'created_by',
  'updated_at',
  'role',
  'user_id',
  'action',
  'old_row',
  'nope',
];

export const TABLES = [
  'lottery_results',
  'lottery_settings',
  'user_roles',
  'result_audit_log',
  'pg_authid',
  'users',
  'auth.users',
  'pg_catalog.pg_class',
  'information_schema.tables',
  'rpc',
  '',
];

/** Percent-encodes what a raw HTTP path cannot carry; keeps the rest, hostile or not. */
export function pathSafe(text: string): string {
  return Array.from(text)
    .map((ch) => {
      if (/^[\x21-\x7e]$/.test(ch)) return ch;
      // A lone surrogate has no UTF-8 form: send the bytes a careless encoder would (CESU-8).
      return ch.length === 1 && /[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch);
    })
    .join('');
}

/** A header value Node will send (latin1, no control characters), hostile within those limits. */
export function headerSafe(text: string): string {
  return Array.from(text)
    .map((ch) => (/^[\t\x20-\x7e\x80-\xff]$/.test(ch) ? ch : pathSafe(ch)))
    .join('');
}

export function hostileText(rng: Prng): string {
  return rng.oneOf(
    () => rng.pick(INJECTIONS),
    () => rng.pick(ODD_TEXT),
    () => rng.pick(BAD_ESCAPES),
    () => String(rng.int(-99999, 99999)),
    () => `${rng.pick(ODD_TEXT)}${rng.pick(INJECTIONS)}`,
  );
}

/** Hostile text for a URL: encoded, or raw escapes that decode to something nasty. */
export function urlText(rng: Prng): string {
  return rng.chance(0.3) ? rng.pick(BAD_ESCAPES) : pathSafe(hostileText(rng));
}

export function identifier(rng: Prng): string {
  return rng.chance(0.55) ? rng.pick(COLUMNS) : urlText(rng);
}

/** A JWT-looking string: garbage, truncated, alg none, or signed with the wrong secret. */
export function badToken(rng: Prng, valid: readonly string[]): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const good = rng.pick(valid);
  return rng.oneOf(
    () => good.slice(0, rng.int(0, good.length - 1)),
    () => `${good}x`,
    () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role' })}.`,
    () => `${b64({ alg: 'HS256' })}.${b64({ role: 'postgres', exp: 9e12 })}.c2ln`,
    () => `${b64({ alg: 'HS256' })}.${b64({ role: "'; drop role x; --" })}.c2ln`,
    () => good.split('.').reverse().join('.'),
    () => 'a.b.c',
    () => '...',
    () => headerSafe(hostileText(rng)),
    () => 'x'.repeat(rng.int(1, 9000)),
  );
}
