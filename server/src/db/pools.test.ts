import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/utils/database.ts';
import { createPools, type Pools } from './pools.ts';

let db: TestDatabase;
let pools: Pools;
beforeAll(async () => {
  db = await createTestDatabase();
  const url = db.url;
  pools = await createPools({ rest: url, auth: url, realtime: url, owner: url }, ['owner']);
});
afterAll(async () => {
  await pools?.end();
  await db?.drop();
});

it('a checked-out connection whose server goes away fails its next query, not the process', async () => {
  const uncaught: unknown[] = [];
  let gone = () => {};
  const ended = new Promise<void>((resolve) => (gone = resolve));
  const record = (error: unknown) => {
    uncaught.push(error);
    gone();
  };
  process.on('uncaughtException', record);
  const client = await pools.owner.connect();
  client.once('end', gone);
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as "pid"');
    // As a shutdown or an operator's pg_terminate_backend does, between two of its queries.
    await db.pool.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    await ended;
    expect(uncaught).toEqual([]);
    await expect(client.query('select 1')).rejects.toThrow(/not queryable|terminated/i);
  } finally {
    process.off('uncaughtException', record);
    client.release(true);
  }
  const { rows } = await pools.owner.query<{ one: number }>('select 1 as "one"');
  expect(rows).toEqual([{ one: 1 }]);
});
