import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { createUser, findUserByEmail, updatePassword } from '../auth/users.ts';
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
  pools: { auth: pg.Pool; owner: pg.Pool },
  config: StackConfig,
  firstRun: boolean,
): Promise<AdminAccount> {
  // Accounts are GoTrue's (its role), the grant is the operator's (the database owner).
  const { auth, owner } = pools;
  if (config.admin) {
    const { email, password } = config.admin;
    const existing = await findUserByEmail(auth, email);
    if (existing) await updatePassword(auth, existing.id, password);
    else await createUser(auth, { email, password });
    await grantAdmin(owner, email);
    return { email };
  }
  if (firstRun && (await listAdmins(owner)).length === 0) {
    const password = randomBytes(12).toString('base64url');
    if (!(await findUserByEmail(auth, defaultAdminEmail))) {
      await createUser(auth, { email: defaultAdminEmail, password });
      await grantAdmin(owner, defaultAdminEmail);
      return { email: defaultAdminEmail, password };
    }
  }
  return { email: (await listAdmins(owner))[0] };
}
