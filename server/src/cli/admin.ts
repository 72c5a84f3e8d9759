import pg from 'pg';
import { resolveDataDir } from '../config.ts';
import { listFactors, removeFactors } from '../seed/admin-factors.ts';
import { grantAdmin, listAdmins, revokeAdmin } from '../seed/admin-roles.ts';
import { readStackState } from '../stack-state.ts';

const usage = `Usage: npm run admin -- <command>

  grant <email>    give an existing account the admin role
  revoke <email>   take the admin role away
  list             list the accounts that hold the admin role
  factors <email>  list the account's second factors (authenticator apps)
  remove-factor <email> [factor-id]
                   remove one factor, or all of them: a lost phone (ADR 025); the
                   account signs in with its password and enrols a new one

Works against the running stack (it reads DATA_DIR/stack.json), or DATABASE_URL when set.`;

/** The database of the running stack, or the one DATABASE_URL names. */
function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dataDir = resolveDataDir();
  const state = readStackState(dataDir);
  if (!state) {
    throw new Error(`No running stack found in ${dataDir}. Start it with \`npm start\` first.`);
  }
  return state.databaseUrl;
}

async function run(args: string[]): Promise<string> {
  const [command, email] = args;
  if (command === 'list' && email === undefined) {
    return withPool(async (pool) => {
      const admins = await listAdmins(pool);
      return admins.length ? admins.join('\n') : 'No admins yet.';
    });
  }
  if ((command === 'grant' || command === 'revoke') && email && args.length === 2) {
    return withPool(async (pool) => {
      if (command === 'grant') {
        await grantAdmin(pool, email);
        return `${email} is now an admin.`;
      }
      return (await revokeAdmin(pool, email))
        ? `${email} is no longer an admin.`
        : `${email} was not an admin.`;
    });
  }
  if (command === 'factors' && email && args.length === 2) {
    return withPool(async (pool) => {
      const factors = await listFactors(pool, email);
      if (!factors.length) return `${email} has no second factor.`;
      return factors
        .map((f) => `${f.id}  ${f.status.padEnd(10)}  ${f.friendlyName ?? '(unnamed)'}`)
        .join('\n');
    });
  }
  if (command === 'remove-factor' && email && args.length <= 3) {
    const factorId = args[2];
    if (factorId !== undefined && !UUID.test(factorId)) throw new Error(usage);
    return withPool(async (pool) => {
      const removed = await removeFactors(pool, email, factorId);
      if (!removed)
        return factorId ? `${email} has no factor ${factorId}.` : `${email} has no second factor.`;
      return `Removed ${removed} factor${removed === 1 ? '' : 's'} of ${email}: sign in with the password and set up an authenticator app again.`;
    });
  }
  throw new Error(usage);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function withPool<T>(fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 1 });
  try {
    return await fn(pool);
  } finally {
    await pool.end();
  }
}

run(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
