import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareCapture, projectKeys } from '../project-setup.ts';
import { resolveConfig, type StackConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { ensureAdmin, type AdminAccount } from '../seed/admin.ts';
import { LOCAL_BEACON_FILE } from '../beacon/local-chain.ts';
import { beaconInUse, registerLocalBeacon, switchBeacon } from '../seed/beacon.ts';
import { seedDemoResults, setAutoDraw } from '../seed/demo.ts';

/** What the workers need before they can start: the database migrated, its roles, the keys. */
export interface Prepared {
  config: StackConfig;
  database: Database;
  keys: { anon: string; serviceRole: string };
  firstRun: boolean;
}

/** What the start banner reports once the data is in place. */
export interface Settled {
  seeded: number;
  admin: AdminAccount;
  autoDraw: boolean | undefined;
  /** The beacon draws are tied to (ADR 023), or null before the switch. */
  beacon: { independent: boolean } | null;
}

/**
 * What `npm start` does before any worker can start (ADR 017): configuration, PostgreSQL
 * (embedded or DATABASE_URL), migrations, the change capture, the project's keys.
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
    const keys = await projectKeys(config.jwtSecret);
    return { config, database, keys, firstRun };
  } catch (error) {
    await database.stop();
    throw error;
  }
}

/**
 * The data the stack starts with: the demo seed, the admin account, the beacon switch. It runs
 * while the http, realtime and functions workers start (none of them reads what it writes at
 * start; the cron worker, which does, starts after it), and the supervisor's own pools are
 * closed afterwards: only the workers hold connections. On a first start the data dir's local
 * beacon key is made by the http worker as it starts (its beacon routes load it): the switch
 * waits for it (`httpReady`) rather than derive the key a second time (0.1-0.4 s of CPU).
 */
export async function settle(prepared: Prepared, httpReady: Promise<void>): Promise<Settled> {
  const { config, database, firstRun } = prepared;
  const { pools } = database;
  try {
    const demo = config.seedDemo === true || (config.seedDemo === 'auto' && firstRun);
    // The demo lottery draws itself; AUTO_DRAW=0/1 decides on any data dir (ADR 012).
    const autoDraw = config.autoDraw ?? (demo ? true : undefined);
    const [seeded, admin] = await Promise.all([
      (async () => {
        const seeded = demo ? await seedDemoResults(pools.owner) : 0;
        if (autoDraw !== undefined) await setAutoDraw(pools.owner, autoDraw);
        return seeded;
      })(),
      ensureAdmin(pools, config, firstRun),
    ]);
    if (!existsSync(path.join(config.dataDir, LOCAL_BEACON_FILE))) await httpReady;
    // The demo draws with the local beacon from its first start (its past days stay ADR 012's);
    // BEACON_CHAIN=local|quicknet|off decides on any data dir (ADR 023).
    // The local beacon's chain is recorded on every start, so an operator (or a test) can switch
    // to it with SQL alone; recording it ties no draw to it.
    await registerLocalBeacon(pools.owner, config.dataDir);
    const beaconChain = config.beaconChain ?? (demo ? 'local' : undefined);
    if (beaconChain !== undefined) await switchBeacon(pools.owner, config.dataDir, beaconChain);
    const beacon = await beaconInUse(pools.owner);
    writeFileSync(path.join(config.dataDir, 'initialized'), new Date().toISOString());
    return { seeded, admin, autoDraw, beacon };
  } finally {
    await pools.end();
  }
}
