// The stack of the embedding tests: its own database, with tests/fixtures/sql/embedding.sql.
import { readFileSync } from 'node:fs';
import { startRestStack, type RestStack } from './rest-harness.ts';

export async function startEmbedStack(): Promise<RestStack> {
  const stack = await startRestStack();
  const fixture = new URL('../fixtures/sql/embedding.sql', import.meta.url);
  await stack.pool.query(readFileSync(fixture, 'utf8'));
  return stack;
}
