import { createHash, randomInt } from 'node:crypto';

/** A numeric one-time code of `length` digits, as GoTrue's crypto.GenerateOtp. */
export function generateOtp(length: number): string {
  let otp = '';
  for (let i = 0; i < length; i++) otp += String(randomInt(10));
  return otp;
}

/**
 * What a link carries: GoTrue's token hash, sha224(email + otp) in hex (crypto.GenerateTokenHash),
 * so a link and the code typed from the same mail are one token.
 */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

/**
 * What the database keeps: a sha256 of the link's hash. GoTrue stores the link's hash itself,
 * so anyone reading auth.users could use a pending link; here a copy of the table opens nothing.
 */
export function atRest(hash: string): string {
  return createHash('sha256').update(hash).digest('hex');
}
