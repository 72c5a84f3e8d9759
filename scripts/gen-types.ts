// `npm run gen:types`: src/lib/database.types.ts from the migrations, as `supabase gen types
// typescript --local` writes it, without Docker: a throwaway embedded PostgreSQL is bootstrapped and
// migrated as the stack does, then its `public` schema is read. `scripts/gen-types.test.ts` fails
// in `npm test` when the committed file is not what this makes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startCluster } from '../server/src/db/cluster.ts';
import { prepareDatabase } from '../server/src/db/database.ts';
import { introspect } from './gen-types/introspect.ts';
import { renderTypes } from './gen-types/render.ts';

const target = new URL('../src/lib/database.types.ts', import.meta.url);
const dataDir = mkdtempSync(path.join(tmpdir(), 'lotto24-gen-types-'));
const cluster = await startCluster({ dataDir, fast: true });
try {
  await prepareDatabase(cluster.url, 'UTC', { dataDir });
  const client = new pg.Client({ connectionString: cluster.url });
  client.on('error', () => undefined); // the server stopping is not an error here
  await client.connect();
  try {
    writeFileSync(target, renderTypes(await introspect(client)));
  } finally {
    await client.end();
  }
  console.log(`wrote ${path.relative(process.cwd(), target.pathname)}`);
} finally {
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
