import type pg from 'pg';
import { CAPTURE_SCHEMA } from '../db/capture.ts';
import { LOGIN_ROLES } from '../db/roles.ts';

/**
 * The realtime pool logs in as `supabase_realtime_admin`, not a superuser (ADR 010). It reads the
 * change capture the superuser installs (queued changes too large for NOTIFY, the filter casts);
 * nothing else there is granted, and the REST role (`authenticator`) gets none of it: the capture
 * holds every change, published or not. `postgres` may run the capture's sync, which its event
 * trigger calls when a migration (run as `postgres`) changes the publication.
 */
export async function grantCaptureToRealtime(admin: pg.Pool): Promise<void> {
  const { rows } = await admin.query<{ sql: string }>(
    `select format('grant usage on schema %1$I to %2$I;
                    grant select, delete on all tables in schema %1$I to %2$I;
                    grant execute on all functions in schema %1$I to %2$I;
                    grant usage on schema %1$I to %3$I;
                    grant execute on function %1$I.sync() to %3$I', $1::text, $2::text, $3::text) as "sql"`,
    [CAPTURE_SCHEMA, LOGIN_ROLES.realtime, LOGIN_ROLES.owner],
  );
  await admin.query(rows[0]!.sql);
}
