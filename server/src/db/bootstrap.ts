import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { repoRoot } from '../config.ts';

export const bootstrapDir = path.join(repoRoot, 'server', 'sql', 'bootstrap');

/**
 * Provides what a Supabase database has before any project migration (roles, auth schema,
 * the realtime publication). Every file is idempotent, so this runs on every start.
 */
export async function applyBootstrap(client: pg.ClientBase, dir = bootstrapDir): Promise<void> {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of files) {
    try {
      await client.query(readFileSync(path.join(dir, file), 'utf8'));
    } catch (error) {
      throw new Error(`Bootstrap ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
