import { verifyJwt } from '../lib/jwt.ts';

/**
 * `verify_jwt = true`: the gateway admits a call only with `Authorization: Bearer <jwt>` signed
 * with the project secret (any role, the anon key included), as the CLI's edge runtime main.ts
 * and the hosted relay do. Returns the refusal message, or null to let the call through.
 */
export async function verifyGatewayJwt(
  authorization: string | undefined,
  secret: string,
): Promise<string | null> {
  if (!authorization) return 'Missing authorization header';
  const match = /^Bearer (\S+)$/.exec(authorization);
  if (!match) return "Auth header is not 'Bearer {token}'";
  try {
    await verifyJwt(match[1]!, secret);
    return null;
  } catch {
    return 'Invalid JWT';
  }
}
