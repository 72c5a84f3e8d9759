import type pg from 'pg';

/** Role management is the operator's: it runs as the database owner, never through the API. */
export async function grantAdmin(pool: pg.Pool, email: string): Promise<void> {
  const { rowCount } = await pool.query(
    `insert into public.user_roles (user_id, role)
     select id, 'admin' from auth.users where lower(email) = lower($1)
     on conflict (user_id, role) do nothing`,
    [email],
  );
  if (rowCount === 0 && !(await listAdmins(pool)).includes(email.toLowerCase())) {
    throw new Error(`No account with the email ${email}: sign up at /auth first.`);
  }
}

export async function revokeAdmin(pool: pg.Pool, email: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `delete from public.user_roles r using auth.users u
      where r.user_id = u.id and r.role = 'admin' and lower(u.email) = lower($1)`,
    [email],
  );
  return (rowCount ?? 0) > 0;
}

export async function listAdmins(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ email: string }>(
    `select lower(u.email) as email from public.user_roles r join auth.users u on u.id = r.user_id
      where r.role = 'admin' order by 1`,
  );
  return rows.map((row) => row.email);
}
