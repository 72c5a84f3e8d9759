import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StackContext } from '../context.ts';
import { transaction } from '../db/transaction.ts';
import { parseBody } from './body.ts';
import { AuthError, badRequest } from './errors.ts';
import { revokeSessions } from './sessions.ts';
import { userJson } from './user-json.ts';
import { AUTHENTICATED, type AuthUser, findUserById, findUsersByIds } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** PostgREST's max_rows for this project; GoTrue itself has no ceiling, a stranger's page must. */
export const MAX_PER_PAGE = 1000;
const MAX_PAGE = 1_000_000_000;

/** admin.go loadUser: the `{user_id}` of the path, as a user. */
export async function loadUser(ctx: StackContext, request: FastifyRequest): Promise<AuthUser> {
  const { id } = request.params as { id: string };
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.pools.auth, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return user;
}

function pageParam(query: Record<string, unknown>, name: string, fallback: number): number {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  const text = Array.isArray(raw) ? String(raw[0]) : String(raw);
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_PAGE) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`,
    );
  }
  return Number(text) === 0 ? fallback : Number(text);
}

/**
 * GET /admin/users (adminUsers): newest first, `page`/`per_page` (50 by default), `filter` on
 * the e-mail, with GoTrue's X-Total-Count and Link headers, page first in each link: supabase-js
 * reads the page number right after the first `=`.
 */
export function listUsersHandler(ctx: StackContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const page = pageParam(query, 'page', 1);
    const perPage = Math.min(pageParam(query, 'per_page', 50), MAX_PER_PAGE);
    const filter =
      typeof query.filter === 'string' ? query.filter.slice(0, 255).replaceAll('\u0000', '') : '';
    const where = `"aud" = $1 and ($2 = '' or "email" ilike '%' || $2 || '%')`;
    const { rows: counted } = await ctx.pools.auth.query<{ n: string }>(
      `select count(*) as "n" from "auth"."users" where ${where}`,
      [AUTHENTICATED, filter],
    );
    const total = Number(counted[0]?.n ?? 0);
    const { rows } = await ctx.pools.auth.query<{ id: string }>(
      `select "id" from "auth"."users" where ${where}
        order by "created_at" desc, "id" limit $3 offset $4`,
      [AUTHENTICATED, filter, perPage, (page - 1) * perPage],
    );
    const users = await findUsersByIds(
      ctx.pools.auth,
      rows.map((row) => row.id),
    );
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const link = (n: number) => `</auth/v1/admin/users?page=${n}&per_page=${perPage}>`;
    const links = page < lastPage ? [`${link(page + 1)}; rel="next"`] : [];
    links.push(`${link(lastPage)}; rel="last"`);
    return reply
      .header('x-total-count', String(total))
      .header('link', links.join(', '))
      .send({ users: users.map(userJson), aud: AUTHENTICATED });
  };
}

export function getUserHandler(ctx: StackContext) {
  return async (request: FastifyRequest) => userJson(await loadUser(ctx, request));
}

/**
 * DELETE /admin/users/{id} (adminUserDelete): gone with its identities and sessions; with
 * `should_soft_delete` the row stays, stripped of what identifies or signs it in.
 */
export function deleteUserHandler(ctx: StackContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await loadUser(ctx, request);
    const raw = typeof request.body === 'string' ? request.body : '';
    const body = raw.trim() === '' ? {} : parseBody(raw, 'adminUserDeleteParams');
    const soft = body.should_soft_delete === true;
    await transaction(ctx.pools.auth, async (c) => {
      await revokeSessions(c, `"user_id" = $1`, [user.id]);
      if (!soft) {
        await c.query(`delete from "auth"."users" where "id" = $1`, [user.id]);
        return;
      }
      await c.query(`delete from "auth"."identities" where "user_id" = $1`, [user.id]);
      await c.query(
        `update "auth"."users" set "deleted_at" = coalesce("deleted_at", now()), "email" = null,
            "phone" = null, "encrypted_password" = '', "recovery_token" = '', "email_change" = '',
            "raw_user_meta_data" = '{}', "updated_at" = now() where "id" = $1`,
        [user.id],
      );
    });
    return reply.code(200).send({});
  };
}
