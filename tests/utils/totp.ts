import type { SupabaseClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';

/** The code an authenticator app shows for a base32 `secret` at `unixSeconds`. */
export function totpCode(secret: string, unixSeconds = Date.now() / 1000): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: unixSeconds * 1000,
  });
}

/** A code that none of the three steps GoTrue accepts (the current one and one either side) gives. */
export function wrongCode(secret: string): string {
  const now = Date.now() / 1000;
  const accepted = [-30, 0, 30].map((skew) => totpCode(secret, now + skew));
  let code = Number(accepted[1]);
  do code = (code + 123_457) % 1_000_000;
  while (accepted.includes(String(code).padStart(6, '0')));
  return String(code).padStart(6, '0');
}

/**
 * Enrols a TOTP factor on the signed-in `client` and verifies it with a code computed by the
 * otpauth library, as an operator does with an authenticator app: the client's session is then
 * aal2 (supabase-js stores the verified session and uses it for every later request).
 */
export async function enrolTotp(
  client: { auth: SupabaseClient['auth'] },
  friendlyName = 'authenticator',
) {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (enrolled.error) throw enrolled.error;
  const { id, totp } = enrolled.data;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: id,
    code: totpCode(totp.secret),
  });
  if (verified.error) throw verified.error;
  return { factor: { id, secret: totp.secret }, session: verified.data };
}
