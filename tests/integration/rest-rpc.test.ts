// /rest/v1/rpc/<fn> with supabase-js' rpc(): arguments by name from a JSON body or the query
// string, results shaped by what the function returns (PostgREST's Plan.hs and Statements.hs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestStack, type RestStack } from './rest-harness.ts';

let stack: RestStack;
const anon = () => stack.client();

beforeAll(async () => {
  stack = await startRestStack();
  await stack.pool.query(`
    create table public.things (id int primary key, name text, qty int);
    insert into public.things values (1, 'apple', 3), (2, 'apricot', 0), (3, 'banana', 5);
    create function public.add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
    create function public.things_named(prefix text) returns setof public.things language sql stable
      as $$ select * from public.things where name like prefix || '%' order by id $$;
    create function public.first_thing() returns public.things language sql stable as $$ select * from public.things order by id limit 1 $$;
    create function public.names() returns setof text language sql stable as $$ select name from public.things order by id $$;
    create function public.sum_all(xs int[]) returns int language sql immutable as $$ select sum(x)::int from unnest(xs) x $$;
    create function public.echo(json) returns json language sql immutable as $$ select $1 $$;
    create function public.whoami() returns json language sql stable as $$
      select json_build_object('role', current_user, 'method', current_setting('request.method'),
        'path', current_setting('request.path'), 'sub', current_setting('request.jwt.claims')::json->>'sub',
        'header', current_setting('request.headers')::json->>'x-test') $$;
    create function public.bump() returns void language sql volatile as $$ update public.things set qty = qty + 1 $$;
    create function public.fail() returns int language plpgsql as $$ begin raise exception 'nope' using hint = 'try again'; end $$;
    create function public.teapot() returns int language plpgsql as $$ begin raise sqlstate 'PT418' using message = 'I am a teapot'; end $$;
    create function public.created() returns int language plpgsql as $$
      begin perform set_config('response.status', '201', true); return 1; end $$;
  `);
});
afterAll(() => stack?.stop());

describe('calling functions', () => {
  it('passes named arguments from a JSON body, defaults for the rest', async () => {
    expect((await anon().rpc('add', { a: 1 })).data).toBe(11);
    expect((await anon().rpc('add', { a: 1, b: 2 })).data).toBe(3);
  });

  it('passes arguments in the query string with get: true and head: true', async () => {
    const { data, status } = await anon().rpc('add', { a: 4, b: 5 }, { get: true });
    expect(status).toBe(200);
    expect(data).toBe(9);
    const head = await anon().rpc('things_named', { prefix: 'ap' }, { head: true, count: 'exact' });
    expect(head).toMatchObject({ status: 200, data: null, count: 2 });
  });

  it('filters, orders and limits the rows of a set-returning function', async () => {
    const { data } = await anon().rpc('things_named', { prefix: 'a' }).gt('qty', 0).select('name');
    expect(data).toEqual([{ name: 'apple' }]);
    const ordered = await anon()
      .rpc('things_named', { prefix: '' })
      .order('qty', { ascending: false })
      .limit(2);
    expect(ordered.data?.map((t: { id: number }) => t.id)).toEqual([3, 1]);
    const one = await anon().rpc('things_named', { prefix: 'b' }).single();
    expect(one.data).toEqual({ id: 3, name: 'banana', qty: 5 });
  });

  it('returns one object for a composite, an array for a set of scalars', async () => {
    expect((await anon().rpc('first_thing')).data).toEqual({ id: 1, name: 'apple', qty: 3 });
    expect((await anon().rpc('names')).data).toEqual(['apple', 'apricot', 'banana']);
  });

  it('turns JSON arrays into PostgreSQL arrays, in the body and the query string', async () => {
    expect((await anon().rpc('sum_all', { xs: [1, 2, 3] })).data).toBe(6);
    expect((await anon().rpc('sum_all', { xs: [4, 5] }, { get: true })).data).toBe(9);
  });

  it('gives a single unnamed json parameter the whole body', async () => {
    expect((await anon().rpc('echo', { any: ['thing'] })).data).toEqual({ any: ['thing'] });
  });

  it('runs with the request settings PostgREST sets', async () => {
    const user = await stack.createUser();
    const client = stack.client({ accessToken: user.accessToken });
    const res = await fetch(`${stack.url}/rest/v1/rpc/whoami`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        Authorization: `Bearer ${user.accessToken}`,
        'Content-Type': 'application/json',
        'X-Test': 'hello',
      },
      body: '{}',
    });
    expect(await res.json()).toEqual({
      role: 'authenticated',
      method: 'POST',
      path: '/rpc/whoami',
      sub: user.userId,
      header: 'hello',
    });
    expect((await client.rpc('whoami', {}, { get: true })).data).toMatchObject({
      role: 'authenticated',
      method: 'GET',
    });
  });

  it('answers 204 for a void function, and 405 when GET would write (read-only transaction)', async () => {
    const post = await stack.client({ key: stack.serviceRoleKey }).rpc('bump');
    expect(post.status).toBe(204);
    const get = await stack.client({ key: stack.serviceRoleKey }).rpc('bump', {}, { get: true });
    expect(get.status).toBe(405);
    expect(get.error?.code).toBe('25006');
  });
});

describe('errors from functions', () => {
  it('RAISE is 400 with PostgreSQL message and hint', async () => {
    const { error, status } = await anon().rpc('fail');
    expect(status).toBe(400);
    expect(error).toEqual({ code: 'P0001', message: 'nope', details: null, hint: 'try again' });
  });

  it('SQLSTATE PTxyz chooses the status; response.status overrides it', async () => {
    expect((await anon().rpc('teapot')).status).toBe(418);
    expect((await anon().rpc('created')).status).toBe(201);
  });

  it('an unknown function, or unknown arguments: 404 PGRST202', async () => {
    const missing = await anon().rpc('nope');
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.nope without parameters in the schema cache',
    });
    const wrongArgs = await anon().rpc('add', { x: 1 });
    expect(wrongArgs.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.add(x) in the schema cache',
    });
    const wrongType = await anon().rpc('add', { a: 'one' });
    expect(wrongType).toMatchObject({ status: 400, error: { code: '22P02' } });
  });

  it('private helpers are not exposed', async () => {
    const { status, error } = await anon().rpc('is_admin');
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
  });
});
