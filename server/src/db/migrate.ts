import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { supabaseDir } from '../config.ts';
import { transaction } from './transaction.ts';

export const migrationsDir = path.join(supabaseDir, 'migrations');

// The Supabase CLI's file pattern (`^([0-9]+)_(.*)\.sql$`) and history table, so a database
// migrated here looks migrated to `supabase migration list` / `db push` too.
const migrationFile = /^([0-9]+)_(.*)\.sql$/;

export interface Migration {
  version: string;
  name: string;
  file: string;
}

export function listMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .sort()
    .flatMap((file) => {
      const match = migrationFile.exec(file);
      return match?.[1] && match[2]
        ? [{ version: match[1], name: match[2], file: path.join(dir, file) }]
        : [];
    });
}

/**
 * Applies the migrations not yet recorded, in order, each in its own transaction together with
 * its history row, so a failed migration leaves neither changes nor a record. Returns the versions
 * applied. Callers serialise concurrent runs (see database.ts).
 *
 * As `supabase db push` does, a version is applied once and never compared again: editing a
 * committed file changes nothing where it was applied (supabase/migrations.sha256 and ADR 021
 * keep committed files unchanged). A version older than the newest applied one is applied too,
 * as `db push --include-all` does; plain `db push` refuses such a version.
 */
export async function migrate(client: pg.ClientBase, dir = migrationsDir): Promise<string[]> {
  await client.query(`
    create schema if not exists "supabase_migrations";
    create table if not exists "supabase_migrations"."schema_migrations" (
      "version" text not null primary key,
      "statements" text[],
      "name" text
    )`);
  const { rows } = await client.query<{ version: string }>(
    `select "version" from "supabase_migrations"."schema_migrations"`,
  );
  const applied = new Set(rows.map((row) => row.version));
  const done: string[] = [];
  for (const migration of listMigrations(dir).filter((m) => !applied.has(m.version))) {
    const sql = readFileSync(migration.file, 'utf8');
    try {
      await transaction(client, async () => {
        await client.query(sql);
        // The CLI stores the statements one by one; the whole file is the one statement we ran.
        await client.query(
          `insert into "supabase_migrations"."schema_migrations" ("version", "statements", "name") values ($1, $2, $3)`,
          [migration.version, [sql], migration.name],
        );
      });
    } catch (error) {
      const file = path.basename(migration.file);
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    done.push(migration.version);
  }
  return done;
}
