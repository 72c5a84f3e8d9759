// The matrix covers everything the API exposes: the relations and functions of `public` as the
// migrations declare them and as PostgreSQL holds them must equal the rows of matrix.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supabaseDir } from '../../server/src/config.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';
import { PRIVATE_FUNCTIONS, RPC_MATRIX, TABLE_MATRIX, VIEWS } from './matrix.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

const migrations = readdirSync(path.join(supabaseDir, 'migrations'))
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .map((name) => readFileSync(path.join(supabaseDir, 'migrations', name), 'utf8'))
  .join('\n');

/**
 * Names the migrations create in `schema` with `kind` and do not drop afterwards: the last
 * statement on a name wins (20250601000910 drops an old overload of check_number, then creates
 * today's).
 */
function declared(kind: string, schema: string): string[] {
  const name = (prefix: string) =>
    new RegExp(`${prefix}\\s+(?:if\\s+(?:not\\s+)?exists\\s+)?"?${schema}"?\\."?(\\w+)"?`, 'gi');
  const events = [
    ...[...migrations.matchAll(name(`create\\s+(?:or\\s+replace\\s+)?${kind}`))].map((m) => ({
      at: m.index,
      name: m[1]!,
      exists: true,
    })),
    ...[...migrations.matchAll(name(`drop\\s+${kind}`))].map((m) => ({
      at: m.index,
      name: m[1]!,
      exists: false,
    })),
  ].sort((a, b) => a.at - b.at);
  const present = new Map(events.map((event) => [event.name, event.exists]));
  return [...present]
    .filter(([, exists]) => exists)
    .map(([found]) => found)
    .sort();
}

async function catalog(kinds: string[]): Promise<string[]> {
  const { rows } = await stack.pool.query<{ relname: string }>(
    `select c.relname from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = any($1::"char"[]) order by 1`,
    [kinds],
  );
  return rows.map((r) => r.relname);
}

async function functionsIn(schema: string): Promise<string[]> {
  const { rows } = await stack.pool.query<{ proname: string }>(
    `select distinct p.proname from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 order by 1`,
    [schema],
  );
  return rows.map((r) => r.proname);
}

describe('everything exposed is in the matrix', () => {
  it('tables: migrations = pg_catalog = matrix', async () => {
    const tables = await catalog(['r', 'p', 'f']);
    expect(declared('table', 'public')).toEqual(tables);
    // Views have rows of their own in TABLE_MATRIX too (checked below).
    const tableRows = Object.keys(TABLE_MATRIX).filter((name) => !VIEWS.includes(name));
    expect(tableRows.sort()).toEqual(tables);
  });

  it('views: migrations = pg_catalog = matrix', async () => {
    const views = await catalog(['v', 'm']);
    expect(declared('(?:materialized\\s+)?view', 'public')).toEqual(views);
    expect([...VIEWS].sort()).toEqual(views);
    // A view needs its own matrix row as well.
    for (const view of views) expect(TABLE_MATRIX).toHaveProperty(view);
  });

  it('public functions (rpc): migrations = pg_proc = matrix', async () => {
    const functions = await functionsIn('public');
    expect(declared('function', 'public')).toEqual(functions);
    expect(Object.keys(RPC_MATRIX).sort()).toEqual(functions);
  });

  it('private helpers: migrations = pg_proc = the list rpc-matrix probes', async () => {
    const functions = await functionsIn('private');
    expect(declared('function', 'private')).toEqual(functions);
    expect([...PRIVATE_FUNCTIONS].sort()).toEqual(functions);
  });

  it('the API roles hold no privilege outside public beyond what the helpers need', async () => {
    // Schemas anon or authenticated may use: public, and private only for policy helpers.
    const { rows } = await stack.pool.query<{ nspname: string; role: string }>(
      `select n.nspname, r.rolname as role from pg_catalog.pg_namespace n
         cross join (values ('anon'), ('authenticated')) r(rolname)
        where has_schema_privilege(r.rolname, n.oid, 'USAGE')
          and n.nspname not in ('pg_catalog', 'information_schema', 'public', 'extensions')
        order by 1, 2`,
    );
    // auth: auth.uid()/auth.jwt() for policies; private: the helpers, authenticated only;
    // realtime: realtime.messages and realtime.topic() for Realtime Authorization, as hosted.
    expect(rows).toEqual([
      { nspname: 'auth', role: 'anon' },
      { nspname: 'auth', role: 'authenticated' },
      { nspname: 'private', role: 'authenticated' },
      { nspname: 'realtime', role: 'anon' },
      { nspname: 'realtime', role: 'authenticated' },
    ]);
  });
});
