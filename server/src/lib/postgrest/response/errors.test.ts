import { describe, expect, it } from 'vitest';
import { functionNotFound, PostgrestError, tableNotFound } from './errors.ts';
import { fromPgError, pgErrorStatus, toPostgrestError } from './pg-errors.ts';

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

describe('toPostgrestError', () => {
  const body = (error: PostgrestError) => ({ status: error.status, ...error.toJSON() });

  it('maps by SQLSTATE, never by the message text', () => {
    const pgError = { code: '42501', severity: 'ERROR', message: 'connection timeout pool' };
    expect(body(toPostgrestError(pgError, true))).toMatchObject({ status: 403, code: '42501' });
    expect(body(toPostgrestError(pgError, false))).toMatchObject({ status: 401, code: '42501' });
  });

  it('answers the framework’s own refusals by code and status', () => {
    const tooLarge = { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413, message: 'x' };
    expect(body(toPostgrestError(tooLarge, false))).toMatchObject({
      status: 413,
      code: 'PGRST102',
    });
    const bad = { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415, message: 'Unsupported' };
    expect(body(toPostgrestError(bad, false))).toMatchObject({ status: 415, code: 'PGRST100' });
  });

  it('keeps its own errors and answers anything else 500 without echoing it', () => {
    const own = tableNotFound('public', 'x');
    expect(toPostgrestError(own, false)).toBe(own);
    const bug = toPostgrestError(new Error('Connection terminated unexpectedly'), false);
    expect(body(bug)).toEqual({
      status: 500,
      code: 'PGRSTX00',
      message: 'Internal server error',
      details: null,
      hint: null,
    });
  });
});
