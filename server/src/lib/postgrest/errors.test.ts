import { describe, expect, it } from 'vitest';
import { functionNotFound, PostgrestError, tableNotFound } from './errors.ts';
import { fromPgError, pgErrorStatus } from './pg-errors.ts';

describe('PostgrestError', () => {
  it('renders all four keys, null when empty', () => {
    expect(JSON.parse(JSON.stringify(tableNotFound('public', 'x')))).toEqual({
      code: 'PGRST205',
      details: null,
      hint: null,
      message: "Could not find the table 'public.x' in the schema cache",
    });
  });

  it('words PGRST202 as NoRpc does', () => {
    const error = functionNotFound('public', 'f', ['a', 'b'], true);
    expect(error.message).toBe('Could not find the function public.f(a, b) in the schema cache');
    expect(error.details).toBe(
      'Searched for the function public.f with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    );
    expect(functionNotFound('public', 'f', [], false).message).toBe(
      'Could not find the function public.f without parameters in the schema cache',
    );
  });
});

describe('SQLSTATE → HTTP (mapSQLtoHTTP)', () => {
  it.each([
    ['23505', 409],
    ['23503', 409],
    ['23514', 400],
    ['23502', 400],
    ['22P02', 400],
    ['22007', 400],
    ['22008', 400],
    ['42703', 400],
    ['42P01', 404],
    ['42883', 404],
    ['P0001', 400],
    ['P0002', 500],
    ['25006', 405],
    ['40001', 500],
    ['53300', 503],
    ['57014', 500],
    ['XX000', 500],
    ['PT418', 418],
    ['PTabc', 500],
  ])('%s → %i', (code, status) => {
    expect(pgErrorStatus(code, 'x', true)).toBe(status);
  });

  it('42501 is 401 for anon and 403 for a signed-in role', () => {
    expect(pgErrorStatus('42501', 'permission denied', false)).toBe(401);
    expect(pgErrorStatus('42501', 'permission denied', true)).toBe(403);
  });

  it('22023 for a missing role is 401 (PostgREST #3601), otherwise 400', () => {
    expect(pgErrorStatus('22023', 'role "x" does not exist', true)).toBe(401);
    expect(pgErrorStatus('22023', 'invalid value', true)).toBe(400);
  });

  it('passes PostgreSQL message, detail and hint through', () => {
    const error = fromPgError(
      { code: '23505', message: 'duplicate key', detail: 'Key (a)=(1) already exists.' },
      true,
    );
    expect(error).toBeInstanceOf(PostgrestError);
    expect(error.toJSON()).toEqual({
      code: '23505',
      message: 'duplicate key',
      details: 'Key (a)=(1) already exists.',
      hint: null,
    });
    expect(fromPgError({ code: '42501', message: 'denied' }, false).headers).toEqual({
      'WWW-Authenticate': 'Bearer',
    });
  });

  it("lets RAISE SQLSTATE 'PGRST' choose the whole response", () => {
    const error = fromPgError(
      {
        code: 'PGRST',
        message: '{"code":"123","message":"Payment required"}',
        detail: '{"status":402,"headers":{"X-Powered-By":"Nerds"}}',
      },
      true,
    );
    expect(error.status).toBe(402);
    expect(error.headers).toEqual({ 'X-Powered-By': 'Nerds' });
    expect(error.toJSON()).toMatchObject({ code: '123', message: 'Payment required' });
    expect(fromPgError({ code: 'PGRST', message: 'not json' }, true).code).toBe('PGRST121');
  });
});
