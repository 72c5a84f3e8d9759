// Issue 7.1: every function PostgREST could expose, as each caller. Public functions come from
// pg_proc, so a new one without a row in RPC_MATRIX fails here; the private helpers (security
// definer, some of them) must stay unreachable through /rest/v1 however the request names them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../utils/stack.ts';
import { callers, type Callers, raw, type Role, ROLES } from './security-harness.ts';

type Outcome = 'ok' | 'denied';

/**
 * Functions in public callable through supabase.rpc, with who may call them. The migrations
 * define none today: the app reads tables only, and the helpers live in `private`.
 */
// prettier-ignore
const RPC_MATRIX: Record<string, { args: Record<string, unknown>; expect: [anon: Outcome, user: Outcome, admin: Outcome, service: Outcome] }> = {};

let stack: TestStack;
let who: Callers;
beforeAll(async () => {
  stack = await startTestStack();
  who = await callers(stack);
});
afterAll(() => stack?.stop());

/** Functions of a schema, minus extension members and (for public) trigger functions. */
async function functionsIn(schema: string, withTriggers: boolean): Promise<string[]> {
  const { rows } = await stack.pool.query<{ name: string }>(
    `select distinct p.proname as name from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1
        and ($2 or p.prorettype <> 'pg_catalog.trigger'::pg_catalog.regtype)
        and not exists (select 1 from pg_catalog.pg_depend d
                         where d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass
                           and d.objid = p.oid and d.deptype = 'e')
      order by 1`,
    [schema, withTriggers],
  );
  return rows.map((r) => r.name);
}

describe('functions in public', () => {
  it('pg_proc lists exactly the functions the matrix covers', async () => {
    expect(await functionsIn('public', false)).toEqual(Object.keys(RPC_MATRIX).sort());
  });

  const cells = Object.entries(RPC_MATRIX).flatMap(([name, spec]) =>
    ROLES.map((role, index) => ({ name, role, args: spec.args, expected: spec.expect[index]! })),
  );
  it.skipIf(cells.length === 0).each(cells)(
    '$role calls $name: $expected',
    async ({ name, role, args, expected }) => {
      const { error, status } = await who.clients[role as Role].rpc(name, args);
      if (expected === 'ok') expect(error).toBeNull();
      else
        expect({ status, code: error?.code }).toEqual({
          status: role === 'anon' ? 401 : 403,
          code: '42501',
        });
    },
  );
});

describe('functions in private are not reachable through the API', () => {
  let privateFunctions: string[] = [];
  beforeAll(async () => {
    privateFunctions = await functionsIn('private', true);
  });

  it('there are private helpers to try (the test is not vacuous)', () => {
    expect(privateFunctions).toEqual(
      expect.arrayContaining(['has_role', 'is_admin', 'is_published']),
    );
  });

  it.each(ROLES)('%s: /rest/v1/rpc/<helper> is 404 PGRST202 for every one', async (role) => {
    for (const name of privateFunctions) {
      const { status, error } = await who.clients[role].rpc(name, {});
      expect({ name, status, code: error?.code }).toEqual({ name, status: 404, code: 'PGRST202' });
    }
  });

  it.each(ROLES)('%s: Content-Profile / Accept-Profile: private is 406 PGRST106', async (role) => {
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${who.tokens[role]}` };
    for (const name of privateFunctions) {
      const post = await raw(stack, `/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-profile': 'private' },
        body: '{}',
      });
      const get = await raw(stack, `/rest/v1/rpc/${name}`, {
        headers: { ...headers, 'accept-profile': 'private' },
      });
      for (const response of [post, get]) {
        expect({ name, status: response.status }).toEqual({ name, status: 406 });
        expect(response.body).toMatchObject({
          code: 'PGRST106',
          message: 'Invalid schema: private',
        });
      }
    }
  });

  it('other unexposed schemas are refused the same way (auth, pg_catalog)', async () => {
    for (const [schema, path] of [
      ['auth', '/rest/v1/rpc/uid'],
      ['auth', '/rest/v1/users?select=*'],
      ['pg_catalog', '/rest/v1/pg_authid?select=*'],
    ] as const) {
      const response = await raw(stack, path, {
        headers: { authorization: `Bearer ${stack.serviceRoleKey}`, 'accept-profile': schema },
      });
      expect(response.status).toBe(406);
      expect(response.body).toMatchObject({ code: 'PGRST106' });
    }
  });
});
