import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { transaction } from '../db/transaction.ts';
import { parseBody, stringField } from './body.ts';
import { AuthError, badRequest, unprocessable } from './errors.ts';
import { loadFactor, mfaUser, sessionOf } from './mfa-factors.ts';
import type { MfaSettings } from './mfa-settings.ts';
import { type FactorRow, factorSecret, findChallenge } from './mfa-store.ts';
import { swapSessionToken } from './refresh.ts';
import { requestIp } from './request-ip.ts';
import { inet } from './sessions.ts';
import { tokenResponse } from './tokens.ts';
import { verifyTotp } from './totp.ts';
import { findUserById } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Counts one challenge or verification of the caller's address (GoTrue's limitHandler). */
export type MfaLimit = (ip: string) => void;

const internal = (message: string) => new AuthError(500, 'unexpected_failure', message);

/** The address a challenge is bound to; inet() refuses anything that is not one. */
const addressOf = (ctx: StackContext, request: FastifyRequest) =>
  inet(requestIp(ctx, request)) ?? '0.0.0.0';

/** mfa.go ChallengeFactor / VerifyFactor: each factor type's switch. */
function assertVerifyEnabled(settings: MfaSettings, factor: FactorRow): void {
  if (factor.factor_type === 'phone')
    throw unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
  if (factor.factor_type === 'webauthn') {
    throw unprocessable(
      'mfa_webauthn_verify_not_enabled',
      'MFA verification is disabled for WebAuthn',
    );
  }
  if (!settings.totpVerify)
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
}

/** POST /factors/{id}/challenge (mfa.go challengeTOTPFactor). */
export function challengeHandler(ctx: StackContext, settings: MfaSettings, limit: MfaLimit) {
  return async (request: FastifyRequest) => {
    const auth = await mfaUser(ctx, request);
    const factor = await loadFactor(ctx, auth.user.id, (request.params as { id: string }).id);
    limit(requestIp(ctx, request));
    assertVerifyEnabled(settings, factor);
    const id = randomUUID();
    const { rows } = await transaction(ctx.pools.auth, async (c) => {
      await c.query(
        `update "auth"."mfa_factors" set "last_challenged_at" = now() where "id" = $1`,
        [factor.id],
      );
      return c.query<{ expires_at: string }>(
        `insert into "auth"."mfa_challenges" ("id", "factor_id", "created_at", "ip_address")
         values ($1, $2, now(), $3::inet)
         returning floor(extract(epoch from "created_at") + $4)::bigint as "expires_at"`,
        [id, factor.id, addressOf(ctx, request), settings.challengeExpirySeconds],
      );
    });
    return { id, type: factor.factor_type, expires_at: Number(rows[0]!.expires_at) };
  };
}

/**
 * POST /factors/{id}/verify (mfa.go verifyTOTPFactor): a code of this factor's secret against
 * a live challenge made from the same address. On success the session gains the `totp` amr
 * claim and aal2, its refresh token is swapped, the user's other sessions below aal2 end, and
 * abandoned TOTP enrolments go (models.InvalidateSessionsWithAALLessThan, DeleteUnverifiedFactors).
 */
export function verifyHandler(ctx: StackContext, settings: MfaSettings, limit: MfaLimit) {
  return async (request: FastifyRequest) => {
    const auth = await mfaUser(ctx, request);
    const factor = await loadFactor(ctx, auth.user.id, (request.params as { id: string }).id);
    limit(requestIp(ctx, request));
    const struct = 'VerifyFactorParams';
    const body = parseBody(request.body, struct);
    // Absent, Go's uuid.UUID stays the nil UUID, which names no challenge.
    const challengeId =
      stringField(body, 'challenge_id', struct) || '00000000-0000-0000-0000-000000000000';
    const code = stringField(body, 'code', struct);
    if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
    assertVerifyEnabled(settings, factor);
    // Go's uuid.UUID decoder refuses anything else before the handler runs (bad_json).
    if (!UUID.test(challengeId)) {
      throw badRequest(
        'bad_json',
        `Could not parse request body as JSON: uuid: incorrect UUID length ${challengeId.length} in string ${JSON.stringify(challengeId)}`,
      );
    }

    const ip = addressOf(ctx, request);
    const challenge = await findChallenge(
      ctx.pools.auth,
      factor.id,
      challengeId,
      settings.challengeExpirySeconds,
      ip,
    );
    if (!challenge) {
      throw unprocessable(
        'mfa_factor_not_found',
        'MFA factor with the provided challenge ID not found',
      );
    }
    const mismatch = unprocessable(
      'mfa_ip_address_mismatch',
      'Challenge and verify IP addresses mismatch.',
    );
    if (challenge.verified_at || !challenge.same_ip) throw mismatch;
    if (challenge.expired) {
      await ctx.pools.auth.query(`delete from "auth"."mfa_challenges" where "id" = $1`, [
        challenge.id,
      ]);
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (!verifyTotp(await factorSecret(ctx.pools.auth, factor.id), code)) {
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }
    const sessionId = sessionOf(auth);
    if (!sessionId) throw internal('Cannot read SessionId claim as UUID');

    return transaction(ctx.pools.auth, async (c) => {
      // Spent once: of two verifications of one challenge at once, the second is refused.
      const spent = await c.query(
        `update "auth"."mfa_challenges" set "verified_at" = now() where "id" = $1 and "verified_at" is null`,
        [challenge.id],
      );
      if (!spent.rowCount) throw mismatch;
      await c.query(
        `update "auth"."mfa_factors" set "status" = 'verified', "updated_at" = now()
          where "id" = $1 and "status" <> 'verified'`,
        [factor.id],
      );
      await c.query(
        `insert into "auth"."mfa_amr_claims" ("id", "session_id", "created_at", "updated_at", "authentication_method")
         values (gen_random_uuid(), $1, now(), now(), 'totp')
         on conflict on constraint "mfa_amr_claims_session_id_authentication_method_pkey"
         do update set "updated_at" = now()`,
        [sessionId],
      );
      const refreshToken = await swapSessionToken(c, sessionId);
      if (!refreshToken) throw internal('Database error finding the session refresh token');
      const session = await c.query<{ id: string; created_at: Date }>(
        `update "auth"."sessions" set "aal" = 'aal2', "factor_id" = $2, "updated_at" = now()
          where "id" = $1 returning "id", "created_at"`,
        [sessionId, factor.id],
      );
      await c.query(`delete from "auth"."sessions" where "user_id" = $1 and "aal" < 'aal2'`, [
        auth.user.id,
      ]);
      await c.query(
        `delete from "auth"."mfa_factors" where "user_id" = $1 and "status" = 'unverified' and "factor_type" = 'totp'`,
        [auth.user.id],
      );
      const user = (await findUserById(c, auth.user.id)) ?? auth.user;
      return tokenResponse(ctx, user, session.rows[0]!, refreshToken, c);
    });
  };
}
