import { JwtError, verifyJwt, type JwtClaims } from '../lib/jwt.ts';

export type TokenCheck =
  { ok: true; claims: JwtClaims; exp: number } | { ok: false; code: string; message: string };

function expiredFor(token: string): number {
  try {
    const payload = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number'
      ? Math.max(0, Math.floor(Date.now() / 1000 - payload.exp))
      : 0;
  } catch {
    return 0;
  }
}

const REQUIRED = 'Fields `role` and `exp` are required in JWT';

/**
 * Verifies a channel's token as realtime's `confirm_token` does, with its error codes and texts
 * (RealtimeWeb.RealtimeChannel, ChannelsAuthorization): a join answers `"Code: message"`, an
 * `access_token` refresh that fails shuts the channel down with the message alone.
 */
export async function checkToken(token: string, secret: string): Promise<TokenCheck> {
  try {
    const claims = await verifyJwt(token.replace(/\s/g, ''), secret);
    if (typeof claims.exp !== 'number')
      return { ok: false, code: 'InvalidJWTToken', message: REQUIRED };
    return { ok: true, claims, exp: claims.exp };
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    switch (error.reason) {
      case 'expired':
        // jose checks the signature before the clock, so this token is genuine, merely old.
        return {
          ok: false,
          code: 'InvalidJWTToken',
          message: `Token has expired ${expiredFor(token)} seconds ago`,
        };
      case 'bad_signature':
        return {
          ok: false,
          code: 'JwtSignatureError',
          message: 'Failed to validate JWT signature',
        };
      case 'bad_alg':
        return {
          ok: false,
          code: 'JwtSignerError',
          message: 'Failed to generate JWT signer, check your JWT secret or JWKS configuration',
        };
      case 'missing_role':
        return { ok: false, code: 'InvalidJWTToken', message: REQUIRED };
      default:
        return {
          ok: false,
          code: 'MalformedJWT',
          message: 'The token provided is not a valid JWT',
        };
    }
  }
}
