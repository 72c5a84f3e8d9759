import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { createUser, findUserByEmail, updatePassword } from '../routes/auth/users.ts';
import { grantAdmin, listAdmins } from './admin-roles.ts';

const defaultAdminEmail = 'admin@lotto24.local';

/** Who can sign in as admin; `password` is set only when it was generated now (shown once). */
export interface AdminAccount {
  email?: string;
  password?: string;
}

/**
 * `ADMIN_EMAIL`/`ADMIN_PASSWORD` make sure that account exists with that password and the admin
 * role, at every start. Without them, a first start creates one with a random password.
 */
export async function ensureAdmin(
  pool: pg.Pool,
  config: StackConfig,
  firstRun: boolean,
): Promise<AdminAccount> {
  if (config.admin) {
    const { email, password } = config.admin;
    const existing = await findUserByEmail(pool, email);
    if (existing) await updatePassword(pool, existing.id, password);
    else await createUser(pool, { email, password });
    await grantAdmin(pool, email);
    return { email };
  }
  if (firstRun && (await listAdmins(pool)).length === 0) {
    const password = randomBytes(12).toString('base64url');
    if (!(await findUserByEmail(pool, defaultAdminEmail))) {
      await createUser(pool, { email: defaultAdminEmail, password });
      await grantAdmin(pool, defaultAdminEmail);
      return { email: defaultAdminEmail, password };
    }
  }
  return { email: (await listAdmins(pool))[0] };
}
