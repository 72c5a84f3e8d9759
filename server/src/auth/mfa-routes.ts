import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { RateLimiter } from '../lib/rate-limit.ts';
import { loadUser } from './admin-users.ts';
import { BODY_LIMIT } from './errors.ts';
import { tooManyRequests } from './limits.ts';
import { deleteFactor, enrollHandler, loadFactor, unenrollHandler } from './mfa-factors.ts';
import { mfaSettings } from './mfa-settings.ts';
import { factorJson } from './mfa-store.ts';
import { challengeHandler, type MfaLimit, verifyHandler } from './mfa-verify.ts';

/**
 * GoTrue's limiter for challenges and for verifications (apilimiter.go FactorChallenge,
 * FactorVerify): per address, GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY (15) a minute with a
 * burst of 30. The stack's sliding window gives the same burst and rate: 30 per two minutes.
 * Counted after the factor is found, as chi runs loadFactor before the limiter.
 */
function mfaLimit(perMinute: number): MfaLimit {
  const windowSeconds = 120;
  const limiter = new RateLimiter({ limit: perMinute * 2, windowMs: windowSeconds * 1000 });
  return (ip) => {
    if (!limiter.consume(ip)) throw tooManyRequests(windowSeconds);
  };
}

/** The factors API of supabase-js's `auth.mfa` (api.go `/factors`), TOTP only. */
export function mfaRoutes(app: FastifyInstance, ctx: StackContext): void {
  const settings = mfaSettings(ctx);
  const options = { bodyLimit: BODY_LIMIT };
  app.post('/factors', options, enrollHandler(ctx, settings));
  app.post(
    '/factors/:id/challenge',
    options,
    challengeHandler(ctx, settings, mfaLimit(settings.challengeAndVerifyPerMinute)),
  );
  app.post(
    '/factors/:id/verify',
    options,
    verifyHandler(ctx, settings, mfaLimit(settings.challengeAndVerifyPerMinute)),
  );
  app.delete('/factors/:id', options, unenrollHandler(ctx));
}

/**
 * The admin API's factors (admin.go adminUserGetFactors, adminUserDeleteFactor), registered in
 * the admin scope behind requireAdmin: how an operator who lost their phone gets back in.
 */
export function adminMfaRoutes(app: FastifyInstance, ctx: StackContext): void {
  app.get('/users/:id/factors', async (request) => {
    const user = await loadUser(ctx, request);
    return user.factors.map(factorJson);
  });
  app.delete('/users/:id/factors/:factor', async (request: FastifyRequest) => {
    const user = await loadUser(ctx, request);
    const factor = await loadFactor(ctx, user.id, (request.params as { factor: string }).factor);
    await deleteFactor(ctx, factor);
    return factorJson(factor);
  });
}
