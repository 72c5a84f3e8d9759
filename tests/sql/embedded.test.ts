import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/database.ts';
import { livePostmaster, waitForExit } from '../../server/src/db/lock.ts';
import { allow } from '../utils/load-factor.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-embedded-'));
const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts a stack-like child process on dataDir and resolves once its database is ready. */
function openInChild(): Promise<{ pid: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/open-database.ts'), dataDir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY') && child.pid) resolve({ pid: child.pid });
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

describe('embedded PostgreSQL', { timeout: allow(60_000) }, () => {
  it('starts, migrates, refuses a second stack on the same data dir and stops without orphans', async () => {
    const db = await openDatabase({ dataDir, timezone: 'UTC' });
    const { rows } = await db.pools.owner.query<{ v: string }>(
      `select current_setting('server_version_num') as "v"`,
    );
    expect(rows[0]?.v.slice(0, 2)).toBe('17');
    await expect(openDatabase({ dataDir, timezone: 'UTC' })).rejects.toThrow(
      /already in use by another Lotto24 stack/,
    );
    const postmaster = livePostmaster(pidFile);
    expect(postmaster).toBeTypeOf('number');
    await db.stop();
    expect(livePostmaster(pidFile)).toBeUndefined();
  });

  it('restarts on the same data dir with its data and nothing new to apply', async () => {
    const db = await openDatabase({ dataDir, timezone: 'UTC' });
    try {
      const { rows } = await db.pools.owner.query(
        `select count(*)::int as "n" from "supabase_migrations"."schema_migrations"`,
      );
      expect(rows[0]).toMatchObject({ n: expect.any(Number) });
    } finally {
      await db.stop();
    }
  });

  it('stops cleanly when postgres already got the Ctrl+C (terminals signal the whole group)', async () => {
    const db = await openDatabase({ dataDir, timezone: 'UTC' });
    const postmaster = livePostmaster(pidFile)!;
    process.kill(postmaster, 'SIGINT');
    await waitForExit(postmaster);
    await db.stop();
    expect(existsSync(path.join(dataDir, 'postgres.lock'))).toBe(false);
  });

  it('recovers after the stack was killed with SIGKILL (stale lock, orphaned postgres)', async () => {
    const child = await openInChild();
    const orphan = livePostmaster(pidFile);
    process.kill(child.pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readFileSync(path.join(dataDir, 'postgres.lock'), 'utf8').trim()).toBe(
      String(child.pid),
    );
    expect(orphan && livePostmaster(pidFile)).toBe(orphan);

    const db = await openDatabase({ dataDir, timezone: 'UTC' });
    try {
      expect(livePostmaster(pidFile)).not.toBe(orphan);
      const { rows } = await db.pools.owner.query(
        `select "timezone" from "public"."lottery_settings"`,
      );
      expect(rows).toEqual([{ timezone: 'UTC' }]);
    } finally {
      await db.stop();
    }
  });

  it('names its superuser supabase_admin and logs the API in as non-superusers', async () => {
    const db = await openDatabase({ dataDir, timezone: 'UTC' });
    try {
      expect(new URL(db.adminUrl).username).toBe('supabase_admin');
      expect(db.warnings).toEqual([]);
      const { rows } = await db.pools.rest.query(
        `select current_user as "user", r."rolsuper" as "super" from "pg_catalog"."pg_roles" r where r."rolname" = current_user`,
      );
      expect(rows).toEqual([{ user: 'authenticator', super: false }]);
    } finally {
      await db.stop();
    }
  });

  it('keeps a data dir from before (its superuser is postgres) working, the API still as authenticator', async () => {
    const oldDir = mkdtempSync(path.join(tmpdir(), 'lotto24-embedded-old-'));
    // Clusters made before ADR 010 were initialised with the superuser `postgres`.
    writeFileSync(path.join(oldDir, 'postgres-superuser'), 'postgres');
    try {
      const db = await openDatabase({ dataDir: oldDir, timezone: 'UTC' });
      try {
        expect(new URL(db.adminUrl).username).toBe('postgres');
        // `postgres` is the bootstrap superuser there and cannot be demoted: said, not hidden.
        expect(db.warnings).toEqual([expect.stringMatching(/"postgres" is a superuser/)]);
        const { rows } = await db.pools.rest.query(`select current_user as "user"`);
        expect(rows).toEqual([{ user: 'authenticator' }]);
        const auth = await db.pools.auth.query(`select count(*)::int as "n" from "auth"."users"`);
        expect(auth.rows).toEqual([{ n: 0 }]);
      } finally {
        await db.stop();
      }
    } finally {
      rmSync(oldDir, { recursive: true, force: true });
    }
  });
});
