// Functions through the API: /rest/v1/rpc for every public function (RPC_MATRIX), no way at all
// to the private helpers or to other schemas, and every edge function as each caller.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supabaseDir } from '../../server/src/config.ts';
import { deniedStatus, http, ROLES, type SecurityStack, startSecurityStack } from './harness.ts';
import { FUNCTIONS_MATRIX, PRIVATE_FUNCTIONS, RPC_ARGS, RPC_MATRIX } from './matrix.ts';

let sec: SecurityStack;
beforeAll(async () => {
  sec = await startSecurityStack();
});
afterAll(() => sec?.stop());

describe('public functions through /rest/v1/rpc', () => {
  const cells = Object.entries(RPC_MATRIX).flatMap(([name, roles]) =>
    ROLES.map((role) => [name, role, roles[role]] as const),
  );
  for (const [name, role, expected] of cells) {
    it(`${name} as ${role}: ${expected}`, async () => {
      const { status, error } = await sec.callers[role].client.rpc(name, RPC_ARGS[name] ?? {});
      if (expected === 'denied') {
        expect({ status, code: error?.code }).toEqual({
          status: deniedStatus(role),
          code: '42501',
        });
      } else expect([401, 403, 404]).not.toContain(status);
    });
  }

  // No other name (not even a table's) is an rpc endpoint.
  it.each(ROLES)('as %s: a name that is not a public function is 404', async (role) => {
    for (const name of ['lottery_results', 'user_roles', 'no_such_function']) {
      const { status, error } = await sec.callers[role].client.rpc(name, {});
      expect({ status, code: error?.code }, name).toEqual({ status: 404, code: 'PGRST202' });
    }
  });
});

describe('the private helpers and other schemas are out of reach', () => {
  const cells = PRIVATE_FUNCTIONS.flatMap((fn) => ROLES.map((role) => [fn, role] as const));

  it.each(cells)('private.%s as %s: 404 by name, 406 by profile', async (fn, role) => {
    const who = sec.callers[role];
    const post = (headers: Record<string, string> = {}) =>
      http(sec.stack, who, `/rest/v1/rpc/${fn}`, { method: 'POST', body: '{}', headers });
    expect(await post()).toMatchObject({ status: 404, json: { code: 'PGRST202' } });
    const asProfile = {
      status: 406,
      json: { code: 'PGRST106', message: 'Invalid schema: private' },
    };
    expect(await post({ 'content-profile': 'private' })).toMatchObject(asProfile);
    expect(
      await http(sec.stack, who, `/rest/v1/rpc/${fn}`, {
        headers: { 'accept-profile': 'private' },
      }),
    ).toMatchObject(asProfile);
    // supabase-js' own way to pick a schema.
    const viaClient = await who.client.schema('private').rpc(fn, {});
    expect({ status: viaClient.status, code: viaClient.error?.code }).toEqual({
      status: 406,
      code: 'PGRST106',
    });
  });

  it.each(ROLES)(
    'as %s: schema-qualified names, catalog functions and auth tables',
    async (role) => {
      const who = sec.callers[role];
      for (const name of ['private.is_admin', 'auth.uid', 'pg_sleep', 'set_config', 'version']) {
        const answer = await http(sec.stack, who, `/rest/v1/rpc/${name}`, {
          method: 'POST',
          body: '{}',
        });
        expect(answer.status, name).toBe(404);
      }
      for (const schema of ['auth', 'private', 'pg_catalog', 'supabase_migrations']) {
        const answer = await http(sec.stack, who, '/rest/v1/users?select=*', {
          headers: { 'accept-profile': schema },
        });
        expect(answer, schema).toMatchObject({ status: 406, json: { code: 'PGRST106' } });
      }
      for (const relation of ['auth.users', 'users', 'refresh_tokens', 'pg_authid', '..%2Fauth']) {
        const answer = await http(sec.stack, who, `/rest/v1/${relation}?select=*`);
        expect(answer.status, relation).toBe(404);
        expect(answer.text).not.toMatch(/encrypted_password|\$2[aby]\$/);
      }
    },
  );
});

describe('edge functions', () => {
  it('FUNCTIONS_MATRIX lists every function in supabase/functions', () => {
    const dirs = readdirSync(path.join(supabaseDir, 'functions'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(FUNCTIONS_MATRIX).sort()).toEqual(dirs);
  });

  const cells = Object.entries(FUNCTIONS_MATRIX).flatMap(([name, roles], f) =>
    ROLES.map((role, i) => [name, role, roles[role], f * ROLES.length + i] as const),
  );
  it.each(cells)('%s as %s: %i', async (name, role, expected, i) => {
    // One day per function and caller, so only the days a 200 answered may fill up.
    const day = `2000-02-${String(i + 1).padStart(2, '0')}`;
    const { error } = await sec.callers[role].client.functions.invoke(name, {
      body: { fromDate: day, toDate: day },
    });
    const status = error instanceof FunctionsHttpError ? (error.context as Response).status : 200;
    if (error && !(error instanceof FunctionsHttpError)) throw error;
    expect(status).toBe(expected);
    const { rows } = await sec.stack.pool.query(
      `select count(*)::int as n from public.lottery_results where draw_date = $1`,
      [day],
    );
    // Only Generate fills days; draw-beacon draws locked hours alone, and there are none here.
    expect(rows[0].n).toBe(expected === 200 && name === 'generate-lottery-results' ? 24 : 0);
  });
});
