import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { transaction } from '../db/transaction.ts';
import { hashPassword } from '../lib/password.ts';
import { authenticate } from './authenticate.ts';
import { type JsonObject, objectField, parseBody, stringField } from './body.ts';
import { sendEmailChange } from './email-change.ts';
import { badRequest, emailExists, forbidden, unprocessable } from './errors.ts';
import type { AuthLimits } from './limits.ts';
import type { MailLimits } from './mail-limits.ts';
import { mergeMetadata } from './metadata.ts';
import { assertNotSamePassword, assertPasswordStrength } from './password-rules.ts';
import { requestIp } from './request-ip.ts';
import { revokeSessions } from './sessions.ts';
import { authSettings } from './settings.ts';
import { userJson } from './user-json.ts';
import { findUserByEmail, findUserById } from './users.ts';
import { resolveRedirect, validateEmail } from './validate.ts';

const STRUCT = 'UserUpdateParams';
const DAY_MS = 24 * 3600 * 1000;

/**
 * PUT /user (user.go UserUpdate): the signed-in user changes their password, e-mail or
 * metadata. Checks run in GoTrue's order, so the first problem named is the one GoTrue names.
 */
export function updateUserHandler(ctx: StackContext, limits: MailLimits, authLimits: AuthLimits) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { user, sessionId } = await authenticate(ctx, request);
    // GoTrue's User limiter, after requireAuthentication (api.go): a password change runs bcrypt
    // twice, so it must not be free to repeat.
    authLimits.userUpdateFromIp(requestIp(ctx, request));
    const body = parseBody(request.body, STRUCT);
    const settings = authSettings(ctx);
    let email = stringField(body, 'email', STRUCT);
    const password =
      body.password === undefined || body.password === null
        ? undefined
        : stringField(body, 'password', STRUCT);
    const nonce = stringField(body, 'nonce', STRUCT);
    const phone = stringField(body, 'phone', STRUCT);
    const data: JsonObject | undefined =
      body.data === undefined || body.data === null ? undefined : objectField(body, 'data', STRUCT);
    const appData =
      body.app_metadata === undefined || body.app_metadata === null
        ? undefined
        : objectField(body, 'app_metadata', STRUCT);

    if (email !== '') email = validateEmail(email);
    if (phone !== '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    if (password !== undefined) assertPasswordStrength(password, settings.minimumPasswordLength);
    // Only the service role may write app_metadata (admin API); a user is never an admin here.
    if (appData !== undefined) {
      throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    }
    const changesEmail = email !== '' && email !== user.email;
    if (changesEmail) {
      const other = await findUserByEmail(ctx.pools.auth, email);
      if (other && other.id !== user.id) throw emailExists();
    }
    let hash: string | undefined;
    if (password !== undefined) {
      if (settings.securePasswordChange) await assertRecentSignIn(ctx, sessionId, nonce);
      await assertNotSamePassword(user, password);
      hash = await hashPassword(password);
    }
    const metadata = data === undefined ? undefined : mergeMetadata(user.raw_user_meta_data, data);

    await transaction(ctx.pools.auth, async (c) => {
      if (hash !== undefined) {
        // user.UpdatePassword: a pending recovery link dies, and every other session ends.
        await c.query(
          `update "auth"."users" set "encrypted_password" = $2, "recovery_token" = '', "updated_at" = now() where "id" = $1`,
          [user.id, hash],
        );
        if (sessionId)
          await revokeSessions(c, `"user_id" = $1 and "id" <> $2`, [user.id, sessionId]);
        else await revokeSessions(c, `"user_id" = $1`, [user.id]);
      }
      if (metadata !== undefined) {
        await c.query(
          `update "auth"."users" set "raw_user_meta_data" = $2, "updated_at" = now() where "id" = $1`,
          [user.id, metadata],
        );
      }
    });
    if (changesEmail) {
      const query = request.query as Record<string, unknown>;
      const redirectTo = resolveRedirect(
        ctx.config.siteUrl,
        ctx.config.additionalRedirectUrls,
        typeof query.redirect_to === 'string' ? query.redirect_to : undefined,
      );
      await sendEmailChange(ctx, limits, user, email, redirectTo);
    }
    const updated = await findUserById(ctx.pools.auth, user.id);
    return reply.code(200).send(userJson(updated ?? user));
  };
}

/**
 * `secure_password_change`: a session older than a day must reauthenticate first. This stack
 * has no /reauthenticate (config.toml leaves the setting off), so a nonce is never valid.
 */
async function assertRecentSignIn(ctx: StackContext, sessionId: string | null, nonce: string) {
  const { rows } = sessionId
    ? await ctx.pools.auth.query<{ created_at: Date }>(
        `select "created_at" from "auth"."sessions" where "id" = $1`,
        [sessionId],
      )
    : { rows: [] };
  const created = rows[0]?.created_at;
  if (created && Date.now() - created.getTime() < DAY_MS) return;
  if (nonce === '') {
    throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  }
  throw unprocessable('reauthentication_not_valid', 'Requires reauthentication');
}
