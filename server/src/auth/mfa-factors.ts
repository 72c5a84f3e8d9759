import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { transaction } from '../db/transaction.ts';
import { authenticate, type Authenticated } from './authenticate.ts';
import { parseBody, stringField } from './body.ts';
import { AuthError, badRequest, forbidden, unprocessable } from './errors.ts';
import type { MfaSettings } from './mfa-settings.ts';
import {
  deleteExpiredFactors,
  downgradeSessions,
  type FactorRow,
  factorsOf,
  ownedFactor,
  sessionAal,
} from './mfa-store.ts';
import { qrSvg } from './qr-svg.ts';
import { newTotpSecret, otpauthUri } from './totp.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The longest friendly name or issuer accepted. GoTrue has no bound of its own; past about
 * 2,700 bytes PostgreSQL cannot index the name (mfa_factors_user_friendly_name_unique) and
 * GoTrue answers 500, so the stack refuses well before that with a 400.
 */
export const MAX_FACTOR_TEXT = 1000;

const internal = (message: string) => new AuthError(500, 'unexpected_failure', message);

/** requireAuthentication then requireNotAnonymous (api.go's /factors routes). */
export async function mfaUser(ctx: StackContext, request: FastifyRequest): Promise<Authenticated> {
  const auth = await authenticate(ctx, request);
  if (auth.claims.is_anonymous === true) {
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  }
  return auth;
}

/** The session the token names, or null (a token minted without one, or the nil id). */
export const sessionOf = (auth: Authenticated) =>
  auth.sessionId && auth.sessionId !== NIL_UUID ? auth.sessionId : null;

/** admin.go loadFactor: the factor in the path, which must belong to the user. */
export async function loadFactor(
  ctx: StackContext,
  userId: string,
  factorId: string,
): Promise<FactorRow> {
  if (!UUID.test(factorId))
    throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  const factor = await ownedFactor(ctx.pools.auth, userId, factorId);
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** POST /factors (mfa.go EnrollFactor); only TOTP is offered by this stack. */
export function enrollHandler(ctx: StackContext, settings: MfaSettings) {
  return async (request: FastifyRequest) => {
    const auth = await mfaUser(ctx, request);
    const session = sessionOf(auth);
    if (!session) {
      throw internal('A valid session and a registered user are required to enroll a factor');
    }
    const struct = 'EnrollFactorParams';
    const body = parseBody(request.body, struct);
    const friendlyName = stringField(body, 'friendly_name', struct);
    const factorType = stringField(body, 'factor_type', struct);
    const issuerParam = stringField(body, 'issuer', struct);
    stringField(body, 'phone', struct);
    // No SMS sender and no WebAuthn here: those types answer as GoTrue does with them off.
    if (factorType === 'phone')
      throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (factorType === 'webauthn') {
      throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    }
    if (factorType !== 'totp') {
      throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
    }
    if (!settings.totpEnroll)
      throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    if (friendlyName.length > MAX_FACTOR_TEXT || issuerParam.length > MAX_FACTOR_TEXT) {
      throw badRequest(
        'validation_failed',
        `friendly_name and issuer may have at most ${MAX_FACTOR_TEXT} characters`,
      );
    }
    // PostgreSQL text cannot hold NUL: GoTrue would fail with a 500, the stack says why.
    if (friendlyName.includes('\u0000')) {
      throw badRequest('validation_failed', 'friendly_name cannot contain the NUL character');
    }
    // mfa.go: the site URL's host names the account in the authenticator app.
    const issuer = issuerParam || new URL(ctx.config.siteUrl).host;
    const secret = newTotpSecret();
    const uri = otpauthUri(secret, issuer, auth.user.email ?? '');

    const id = randomUUID();
    await transaction(ctx.pools.auth, async (c) => {
      // One enrolment of a user at a time, so two at once cannot both pass the limits.
      await c.query(`select 1 from "auth"."users" where "id" = $1 for update`, [auth.user.id]);
      await validateFactors(c, auth.user.id, friendlyName, settings, await sessionAal(c, session));
      await c.query(
        `insert into "auth"."mfa_factors" ("id", "user_id", "friendly_name", "factor_type", "status",
           "created_at", "updated_at", "secret")
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, auth.user.id, friendlyName, secret],
      );
    });
    // mfa.go EnrollFactorResponse: the QR code first, as GoTrue's struct orders it.
    return {
      id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: await qrSvg(uri), secret, uri },
    };
  };
}

/** mfa.go validateFactors, in its order. */
async function validateFactors(
  c: Parameters<typeof factorsOf>[0],
  userId: string,
  name: string,
  settings: MfaSettings,
  aal: string | null,
): Promise<void> {
  await deleteExpiredFactors(c, settings.factorExpirySeconds);
  const factors = await factorsOf(c, userId);
  // GoTrue compares names as they are, so a second unnamed factor conflicts with the first.
  if (factors.some((factor) => (factor.friendly_name ?? '') === name)) {
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`,
    );
  }
  const verified = factors.filter((factor) => factor.status === 'verified').length;
  if (factors.length >= settings.maxEnrolledFactors || verified >= settings.maxVerifiedFactors) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified > 0 && aal !== 'aal2') {
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  }
}

/** DELETE /factors/{id} (mfa.go UnenrollFactor). */
export function unenrollHandler(ctx: StackContext) {
  return async (request: FastifyRequest) => {
    const auth = await mfaUser(ctx, request);
    const factor = await loadFactor(ctx, auth.user.id, (request.params as { id: string }).id);
    const session = sessionOf(auth);
    if (!session) throw internal('A valid session and factor are required to unenroll a factor');
    if (factor.status === 'verified' && (await sessionAal(ctx.pools.auth, session)) !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await deleteFactor(ctx, factor);
    return { id: factor.id };
  };
}

/** The factor goes, and sessions that reached aal2 with it fall back to aal1. */
export async function deleteFactor(ctx: StackContext, factor: FactorRow): Promise<void> {
  await transaction(ctx.pools.auth, async (c) => {
    await c.query(`delete from "auth"."mfa_factors" where "id" = $1`, [factor.id]);
    await downgradeSessions(c, factor);
  });
}
