import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { StackContext } from '../context.ts';
import { transaction } from '../db/transaction.ts';
import { hashPassword } from '../lib/password.ts';
import { adminUserParams, banDurationMs, type AdminUserParams } from './admin-params.ts';
import { loadUser } from './admin-users.ts';
import { AuthError, badRequest, emailExists, unprocessable } from './errors.ts';
import { assertMetadataBounds, mergeMetadata } from './metadata.ts';
import { assertPasswordStrength } from './password-rules.ts';
import { revokeSessions } from './sessions.ts';
import { authSettings } from './settings.ts';
import { userJson } from './user-json.ts';
import { createUser, findUserByEmail, findUserById } from './users.ts';
import { validateEmail } from './validate.ts';

/**
 * POST /admin/users (adminUserCreate): an e-mail account, unconfirmed unless `email_confirm`
 * (the admin API never auto-confirms), with a random password when none is given.
 */
export function createUserHandler(ctx: StackContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const params = adminUserParams(request.body);
    if (params.phone !== '')
      throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    if (params.email === '') {
      throw badRequest(
        'validation_failed',
        'Cannot create a user without either an email or phone',
      );
    }
    const email = validateEmail(params.email);
    if (await findUserByEmail(ctx.pools.auth, email)) throw emailExists();
    const password = params.password || randomBytes(32).toString('base64url');
    assertPasswordStrength(password, authSettings(ctx).minimumPasswordLength);
    const userMetadata = params.userMetadata ?? {};
    assertMetadataBounds(userMetadata);
    let created;
    try {
      created = await createUser(ctx.pools.auth, {
        email,
        password,
        userMetadata,
        emailConfirmed: params.emailConfirm,
      });
    } catch (error) {
      if (error instanceof AuthError && error.errorCode === 'user_already_exists')
        throw emailExists();
      throw error;
    }
    await transaction(ctx.pools.auth, (c) =>
      applyAdminFields(c, created.id, params, created.raw_app_meta_data),
    );
    return reply
      .code(200)
      .send(userJson((await findUserById(ctx.pools.auth, created.id)) ?? created));
  };
}

/** PUT /admin/users/{id} (adminUserUpdate): any field, no confirmation mail, no old password. */
export function updateUserByIdHandler(ctx: StackContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await loadUser(ctx, request);
    const params = adminUserParams(request.body);
    if (params.phone !== '')
      throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    const email = params.email === '' ? '' : validateEmail(params.email);
    if (email !== '' && email !== user.email) {
      const other = await findUserByEmail(ctx.pools.auth, email);
      if (other && other.id !== user.id) throw emailExists();
    }
    let hash: string | undefined;
    if (params.password !== undefined) {
      assertPasswordStrength(params.password, authSettings(ctx).minimumPasswordLength);
      hash = await hashPassword(params.password);
    }
    const userMetadata =
      params.userMetadata === undefined
        ? undefined
        : mergeMetadata(user.raw_user_meta_data, params.userMetadata);
    try {
      await transaction(ctx.pools.auth, async (c) => {
        await applyAdminFields(c, user.id, params, user.raw_app_meta_data);
        if (hash !== undefined) {
          await c.query(
            `update "auth"."users" set "encrypted_password" = $2, "recovery_token" = '', "updated_at" = now() where "id" = $1`,
            [user.id, hash],
          );
          await revokeSessions(c, `"user_id" = $1`, [user.id]);
        }
        if (userMetadata !== undefined) {
          await c.query(`update "auth"."users" set "raw_user_meta_data" = $2 where "id" = $1`, [
            user.id,
            userMetadata,
          ]);
        }
        if (email !== '' && email !== user.email) {
          await c.query(
            `update "auth"."users" set "email" = $2, "email_change" = '' where "id" = $1`,
            [user.id, email],
          );
          await c.query(
            `update "auth"."identities" set "identity_data" = "identity_data" || jsonb_build_object('email', $2::text),
                "updated_at" = now() where "user_id" = $1 and "provider" = 'email'`,
            [user.id, email],
          );
        }
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw emailExists();
      throw error;
    }
    return reply.code(200).send(userJson((await findUserById(ctx.pools.auth, user.id)) ?? user));
  };
}

/** What both admin writes share: role, confirmation, app_metadata (merged), ban. */
async function applyAdminFields(
  c: pg.ClientBase,
  id: string,
  params: AdminUserParams,
  currentApp: Record<string, unknown> | null,
): Promise<void> {
  if (params.role !== '') {
    await c.query(`update "auth"."users" set "role" = $2 where "id" = $1`, [id, params.role]);
  }
  if (params.emailConfirm) {
    await c.query(
      `update "auth"."users" set "email_confirmed_at" = coalesce("email_confirmed_at", now()) where "id" = $1`,
      [id],
    );
  }
  if (params.appMetadata !== undefined) {
    const merged = mergeMetadata(currentApp, params.appMetadata);
    await c.query(`update "auth"."users" set "raw_app_meta_data" = $2 where "id" = $1`, [
      id,
      merged,
    ]);
  }
  if (params.banDuration !== '') {
    const ms = banDurationMs(params.banDuration);
    await c.query(
      `update "auth"."users" set "banned_until" = case when $2::float8 > 0 then now() + make_interval(secs => $2::float8 / 1000) end
        where "id" = $1`,
      [id, ms],
    );
    if (ms > 0) await revokeSessions(c, `"user_id" = $1`, [id]);
  }
  await c.query(`update "auth"."users" set "updated_at" = now() where "id" = $1`, [id]);
}
