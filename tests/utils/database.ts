import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
// Type-only: the augmentation of vitest's ProvidedContext, without loading the cluster code.
import type { TestDatabaseServer } from './global-setup.ts';

export interface TestDatabase {
  /** Superuser URL of this database (what DATABASE_URL would name). */
  url: string;
  /** Superuser pool: use asRole() to act as anon, a user, an admin or the service role. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

function server(): TestDatabaseServer {
  return inject('databaseServer');
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function asServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server().serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database copied from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { serverUrl, template } = server();
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  await asServer((client) =>
    client.query(
      `create database ${client.escapeIdentifier(name)} template ${client.escapeIdentifier(template)}`,
    ),
  );
  const url = databaseUrl(serverUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  pool.on('error', () => undefined);
  let dropped: Promise<void> | undefined;
  return {
    url,
    pool,
    drop: () =>
      (dropped ??= (async () => {
        await pool.end();
        await asServer((client) =>
          client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`),
        );
      })()),
  };
}
