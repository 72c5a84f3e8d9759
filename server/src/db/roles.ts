import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/**
 * The login roles the stack connects as, as on hosted Supabase (ADR 010): PostgREST logs in as
 * `authenticator`, GoTrue as `supabase_auth_admin`, migrations run as the non-superuser
 * `postgres`, Realtime as its own admin role. Only the bootstrap uses the cluster's superuser.
 */
export const LOGIN_ROLES = {
  rest: 'authenticator',
  auth: 'supabase_auth_admin',
  realtime: 'supabase_realtime_admin',
  owner: 'postgres',
} as const;

export type LoginRole = keyof typeof LOGIN_ROLES;
export type RoleUrls = Record<LoginRole, string>;

/** Marks a role whose password this stack sets; a role someone else manages is never touched. */
export const MANAGED_COMMENT = 'Lotto24 local stack: login password derived from the superuser';

/**
 * The secret the role passwords derive from: the superuser's password (for the embedded server a
 * random one kept in the data dir, mode 0600). Deriving them means every stack on one server
 * (tests run dozens) computes the same passwords, so no start invalidates another's connections.
 * A passwordless DATABASE_URL (trust or peer auth) falls back to a secret kept in the data dir.
 */
export function roleSecret(adminUrl: string, dataDir?: string): string {
  const password = decodeURIComponent(new URL(adminUrl).password);
  if (password) return password;
  if (!dataDir) throw new Error('The database URL has no password to derive role passwords from.');
  const file = path.join(dataDir, 'db-role-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function rolePassword(secret: string, role: string): string {
  return createHmac('sha256', secret).update(`lotto24 role ${role}`).digest('base64url');
}

/** The admin URL with another user and password (same host, port, database, parameters). */
export function urlAs(adminUrl: string, user: string, password: string): string {
  const url = new URL(adminUrl);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return url.toString();
}

interface RoleState {
  rolsuper: boolean;
  verifier: string | null;
  managed: boolean;
}

/**
 * Whether a stored SCRAM-SHA-256 verifier (`SCRAM-SHA-256$iter:salt$StoredKey:ServerKey`, RFC
 * 5802) is of `password`. Stacks starting together on one server must not each ALTER ROLE: two
 * concurrent updates of one pg_authid row fail with "tuple concurrently updated".
 */
export function verifierMatches(verifier: string | null, password: string): boolean {
  const match = /^SCRAM-SHA-256\$(\d+):([^$]+)\$([^:]+):/.exec(verifier ?? '');
  if (!match) return false;
  const salted = pbkdf2Sync(
    password,
    Buffer.from(match[2]!, 'base64'),
    Number(match[1]),
    32,
    'sha256',
  );
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  return createHash('sha256').update(clientKey).digest('base64') === match[3];
}

/**
 * Gives each login role its derived password, where that is ours to do: a role this stack made
 * (marked), or one nobody can log in as yet (no password; data dirs from before ADR 010). Returns
 * the URL per role; a role that is a superuser (the `postgres` of an older data dir, which as the
 * bootstrap superuser cannot be demoted) or someone else's falls back to the admin URL, with a
 * warning, so such installs keep working as before.
 */
export async function loginUrls(
  admin: pg.ClientBase,
  adminUrl: string,
  secret: string,
): Promise<{ urls: RoleUrls; warnings: string[] }> {
  const urls = {} as RoleUrls;
  const warnings: string[] = [];
  for (const [key, role] of Object.entries(LOGIN_ROLES) as Array<[LoginRole, string]>) {
    const { rows } = await admin.query<RoleState>(
      `select r."rolsuper", r."rolpassword" as "verifier",
              coalesce(shobj_description(r."oid", 'pg_authid'), '') = $2 as "managed"
         from "pg_catalog"."pg_authid" r where r."rolname" = $1`,
      [role, MANAGED_COMMENT],
    );
    const state = rows[0];
    if (!state || state.rolsuper || !(state.managed || state.verifier === null)) {
      warnings.push(
        state?.rolsuper
          ? `Role "${role}" is a superuser on this server, so the stack connects as the superuser where it would use "${role}".`
          : `Role "${role}" is managed outside this stack; the stack connects as the superuser where it would use "${role}".`,
      );
      urls[key] = adminUrl;
      continue;
    }
    const password = rolePassword(secret, role);
    urls[key] = urlAs(adminUrl, role, password);
    if (state.managed && verifierMatches(state.verifier, password)) continue;
    // ALTER ROLE takes no parameters: format() quotes the values on the server.
    const { rows: sql } = await admin.query<{ alter: string; comment: string }>(
      `select format('alter role %I with login password %L', $1::text, $2::text) as "alter",
              format('comment on role %I is %L', $1::text, $3::text) as "comment"`,
      [role, password, MANAGED_COMMENT],
    );
    await admin.query(sql[0]!.alter);
    await admin.query(sql[0]!.comment);
  }
  return { urls, warnings };
}
