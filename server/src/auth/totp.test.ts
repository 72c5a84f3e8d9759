import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  newTotpSecret,
  otpauthUri,
  totpCode,
  verifyTotp,
} from './totp.ts';

// RFC 4226 appendix D and RFC 6238 appendix B (SHA-1 rows): the secret "12345678901234567890".
const RFC_SECRET = Buffer.from('12345678901234567890');

describe('totp', () => {
  it('computes the RFC 4226 HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676'];
    expected.forEach((code, counter) => expect(hotp(RFC_SECRET, counter)).toBe(code));
  });

  it('computes the RFC 6238 TOTP values (SHA-1, 8 digits)', () => {
    const rows: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1234567890, '89005924'],
      [20000000000, '65353130'],
    ];
    for (const [time, code] of rows) expect(hotp(RFC_SECRET, Math.floor(time / 30), 8)).toBe(code);
  });

  it('round-trips base32 and makes 32-character secrets of 20 bytes', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('accepts the current step and one either side, nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015;
    expect(verifyTotp(secret, totpCode(secret, now), now)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, now - 30), now)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, now + 30), now)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, now - 60), now)).toBe(false);
    expect(verifyTotp(secret, totpCode(secret, now + 60), now)).toBe(false);
    expect(verifyTotp(secret, ` ${totpCode(secret, now)} `, now)).toBe(true);
    expect(verifyTotp(secret, `${totpCode(secret, now)}0`, now)).toBe(false);
    expect(verifyTotp(secret, '', now)).toBe(false);
  });

  it('writes the otpauth URI as pquerna/otp does', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', '127.0.0.1:8080', 'ada@example.com')).toBe(
      'otpauth://totp/127.0.0.1:8080:ada@example.com?algorithm=SHA1&digits=6&issuer=127.0.0.1%3A8080&period=30&secret=JBSWY3DPEHPK3PXP',
    );
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'Lotto 24', 'a b')).toContain('/Lotto%2024:a%20b?');
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'x\ud800', 'a')).toContain('issuer=x%EF%BF%BD&');
  });
});
