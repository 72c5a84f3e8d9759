import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP (RFC 6238 over RFC 4226) with the parameters GoTrue fixes: SHA-1, six digits, 30-second
 * steps, a 20-byte secret in unpadded base32 (pquerna/otp's totp.Generate defaults, which
 * mfa.go uses), and one step of skew either way when verifying (mfa.go verifyTOTPFactor:
 * `Skew: 1`). Written on node:crypto because no TOTP package is installed; the RFC's own test
 * vectors pin it (totp.test.ts).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const SECRET_BYTES = 20;
const SKEW_STEPS = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new RangeError('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** HOTP (RFC 4226 section 5.3) for one counter value. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code of the 30-second step holding `unixSeconds`. */
export function totpCode(secretBase32: string, unixSeconds = Date.now() / 1000): string {
  return hotp(base32Decode(secretBase32), Math.floor(unixSeconds / TOTP_PERIOD_SECONDS));
}

/**
 * pquerna/otp ValidateCustom: the code is trimmed, must have exactly six characters, and is
 * compared in constant time with the codes of the current step and one step either side.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  unixSeconds = Date.now() / 1000,
): boolean {
  const given = Buffer.from(code.trim());
  if (given.length !== TOTP_DIGITS) return false;
  const secret = base32Decode(secretBase32);
  const step = Math.floor(unixSeconds / TOTP_PERIOD_SECONDS);
  let valid = false;
  for (let skew = -SKEW_STEPS; skew <= SKEW_STEPS; skew++) {
    // Every step is compared, so the time taken does not say which one matched.
    if (timingSafeEqual(given, Buffer.from(hotp(secret, step + skew)))) valid = true;
  }
  return valid;
}

/**
 * pquerna/otp Key.URL(): `otpauth://totp/<issuer>:<account>?algorithm=SHA1&digits=6&issuer=…
 * &period=30&secret=…`, the query in key order, the path escaped as Go's url.URL escapes paths.
 */
export function otpauthUri(secretBase32: string, rawIssuer: string, rawAccount: string): string {
  // A lone surrogate (valid JSON, not valid UTF-8) would make encodeURIComponent throw.
  const [issuer, accountName] = [rawIssuer, rawAccount].map((text) =>
    text.replace(/\p{Cs}/gu, '\ufffd'),
  ) as [string, string];
  const path = `/${issuer}:${accountName}`.replace(/[^A-Za-z0-9\-_.~$&+,/:;=@]/g, (char) =>
    encodeURIComponent(char),
  );
  const query = [
    ['algorithm', 'SHA1'],
    ['digits', String(TOTP_DIGITS)],
    ['issuer', issuer],
    ['period', String(TOTP_PERIOD_SECONDS)],
    ['secret', secretBase32],
  ]
    .map(([key, value]) => `${key}=${goQueryEscape(value!)}`)
    .join('&');
  return `otpauth://totp${path}?${query}`;
}

/** Go's url.QueryEscape, with a space as %20 (pquerna/otp's EncodeQuery): also escapes !'()*. */
function goQueryEscape(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
