import pg from 'pg';
import { resolveDataDir } from '../config.ts';
import { grantAdmin, listAdmins, revokeAdmin } from '../seed/admin-roles.ts';
import { readStackState } from '../stack-state.ts';

const usage = `Usage: npm run admin -- <command>

  grant <email>    give an existing account the admin role
  revoke <email>   take the admin role away
  list             list the accounts that hold the admin role

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
  throw new Error(usage);
}

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
