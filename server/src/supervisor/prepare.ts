import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareCapture, projectKeys } from '../project-setup.ts';
import { resolveConfig, type StackConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { ensureAdmin, type AdminAccount } from '../seed/admin.ts';
import { beaconInUse, registerLocalBeacon, switchBeacon } from '../seed/beacon.ts';
import { seedDemoResults, setAutoDraw } from '../seed/demo.ts';

export interface Prepared {
  config: StackConfig;
  database: Database;
  keys: { anon: string; serviceRole: string };
  seeded: number;
  admin: AdminAccount;
  autoDraw: boolean | undefined;
  /** The beacon draws are tied to (ADR 023), or null before the switch. */
  beacon: { independent: boolean } | null;
}

/**
 * What `npm start` does before it serves (ADR 017): configuration, PostgreSQL (embedded or
 * DATABASE_URL), migrations, the change capture, the demo seed, the admin account. The
 * supervisor's own pools are closed afterwards: only the workers hold connections.
 */
export async function prepare(): Promise<Prepared> {
  const config = resolveConfig();
  const firstRun = !existsSync(path.join(config.dataDir, 'initialized'));
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    timezone: config.timezone,
  });
  for (const warning of database.warnings) console.warn(`lotto24: ${warning}`);
  try {
    await prepareCapture(database.adminUrl);
    const { pools } = database;
    const demo = config.seedDemo === true || (config.seedDemo === 'auto' && firstRun);
    const seeded = demo ? await seedDemoResults(pools.owner) : 0;
    // The demo lottery draws itself; AUTO_DRAW=0/1 decides on any data dir (ADR 012).
    const autoDraw = config.autoDraw ?? (demo ? true : undefined);
    if (autoDraw !== undefined) await setAutoDraw(pools.owner, autoDraw);
    // The demo draws with the local beacon from its first start (its past days stay ADR 012's);
    // BEACON_CHAIN=local|quicknet|off decides on any data dir (ADR 023).
    // The local beacon's chain is recorded on every start, so an operator (or a test) can switch
    // to it with SQL alone; recording it ties no draw to it.
    await registerLocalBeacon(pools.owner, config.dataDir);
    const beaconChain = config.beaconChain ?? (demo ? 'local' : undefined);
    if (beaconChain !== undefined) await switchBeacon(pools.owner, config.dataDir, beaconChain);
    const beacon = await beaconInUse(pools.owner);
    const admin = await ensureAdmin(pools, config, firstRun);
    writeFileSync(path.join(config.dataDir, 'initialized'), new Date().toISOString());
    await pools.end();
    const keys = await projectKeys(config.jwtSecret);
    return { config, database, keys, seeded, admin, autoDraw, beacon };
  } catch (error) {
    await database.stop();
    throw error;
  }
}
