import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/utils/database.ts';
import { introspect } from './gen-types/introspect.ts';
import { renderTypes } from './gen-types/render.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const committed = readFileSync(new URL('../src/lib/database.types.ts', import.meta.url), 'utf8');

test('src/lib/database.types.ts is what `npm run gen:types` makes of the migrations', async () => {
  const client = await db.pool.connect();
  try {
    const generated = renderTypes(await introspect(client));
    // A failure here means a migration changed the schema: run `npm run gen:types` and commit.
    expect(generated).toBe(committed);
  } finally {
    client.release();
  }
});

test('keys between public tables, functions and views are described as the CLI does', async () => {
  const client = await db.pool.connect();
  try {
    await client.query('begin');
    await client.query(`create table public.g_parent (id int primary key, note text default 'x')`);
    await client.query(
      `create table public.g_child (id bigint generated always as identity primary key,
         parent_id int not null unique references public.g_parent (id), tags text[])`,
    );
    await client.query('create view public.g_view as select id from public.g_parent');
    await client.query(
      `create function public.g_sum(a int, b int default 1) returns int language sql as 'select a + b'`,
    );
    await client.query(
      `create function public.g_rows() returns setof public.g_parent language sql as 'select * from public.g_parent'`,
    );
    const types = renderTypes(await introspect(client));
    await client.query('rollback');
    expect(types).toContain(
      `foreignKeyName: "g_child_parent_id_fkey"
            columns: ["parent_id"]
            isOneToOne: true
            referencedRelation: "g_parent"
            referencedColumns: ["id"]`,
    );
    expect(types).toMatch(
      /g_child: \{\n\s+Row: \{\n\s+id: number\n\s+parent_id: number\n\s+tags: string\[\] \| null/,
    );
    expect(types).toMatch(
      /Insert: \{\n\s+id\?: never\n\s+parent_id: number\n\s+tags\?: string\[\] \| null/,
    );
    expect(types).toMatch(
      /g_view: \{\n\s+Row: \{\n\s+id: number \| null\n\s+\}\n\s+Relationships: \[\]/,
    );
    expect(types).toContain('Args: { a: number; b?: number }\n        Returns: number');
    expect(types).toMatch(
      /g_rows: \{\n\s+Args: never\n\s+Returns: \{\n\s+id: number\n\s+note: string \| null\n\s+\}\[\]/,
    );
  } finally {
    client.release();
  }
});
