import { PostgrestError } from './errors.ts';

/** The fields of a PostgreSQL ErrorResponse that PostgREST passes on (node-postgres' DatabaseError). */
export interface PgErrorFields {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

/**
 * SQLSTATE → HTTP status, as mapSQLtoHTTP in PostgREST's src/PostgREST/Error.hs. `authed` is
 * whether the request carried a JWT for a role other than anon: 42501 is then 403, else 401.
 */
export function pgErrorStatus(code: string, message: string, authed: boolean): number {
  switch (code) {
    case '23503': // foreign_key_violation
    case '23505': // unique_violation
      return 409;
    case '25006': // read_only_sql_transaction
      return 405;
    case '21000': // cardinality_violation: pg-safeupdate's "requires a WHERE clause" is the client's fault
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023': // invalid_parameter_value; a JWT role that does not exist (PostgREST #3601)
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001': // plain RAISE
      return 400;
    case '42883': // undefined_function
      return message.startsWith('function xmlagg(') ? 406 : 404;
    case '42P01': // undefined_table
      return 404;
    case '42P17': // infinite recursion (in a policy, typically)
      return 500;
    case '42501': // insufficient_privilege
      return authed ? 403 : 401;
  }
  const prefix = code.slice(0, 2);
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  if (byClass[prefix] !== undefined) return byClass[prefix];
  // RAISE … USING ERRCODE = 'PT404' chooses the status itself.
  if (prefix === 'PT') {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  return 400;
}

/**
 * Renders a database error as PostgREST does: the SQLSTATE as `code` and PostgreSQL's message,
 * detail and hint unchanged. `RAISE SQLSTATE 'PGRST'` with JSON message/detail chooses the whole
 * response, as in PostgREST's parseRaisePGRST.
 */
export function fromPgError(error: PgErrorFields, authed: boolean): PostgrestError {
  const code = error.code ?? 'PGRSTX00';
  if (code === 'PGRST') return fromRaisePgrst(error);
  const status = pgErrorStatus(code, error.message, authed);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new PostgrestError(
    status,
    { code, message: error.message, details: error.detail ?? null, hint: error.hint ?? null },
    headers,
  );
}

function fromRaisePgrst(error: PgErrorFields): PostgrestError {
  try {
    const body = JSON.parse(error.message) as Record<string, unknown>;
    const detail = JSON.parse(error.detail ?? '') as Record<string, unknown>;
    if (
      typeof body.code !== 'string' ||
      typeof body.message !== 'string' ||
      typeof detail.status !== 'number'
    ) {
      throw new Error('incomplete');
    }
    const headers = Object.fromEntries(
      Object.entries((detail.headers ?? {}) as Record<string, unknown>).map(([k, v]) => [
        k,
        String(v),
      ]),
    );
    return new PostgrestError(
      detail.status,
      {
        code: body.code,
        message: body.message,
        details: typeof body.details === 'string' ? body.details : null,
        hint: typeof body.hint === 'string' ? body.hint : null,
      },
      headers,
    );
  } catch {
    return new PostgrestError(500, {
      code: 'PGRST121',
      message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      details: error.detail
        ? `Invalid JSON value for DETAIL: '${error.detail}'`
        : 'DETAIL is missing in the RAISE statement',
      hint: "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    });
  }
}

/** The parts of a thrown value that say what it is: a SQLSTATE, or an HTTP framework's code and status. */
interface ThrownFields {
  code?: unknown;
  severity?: unknown;
  statusCode?: unknown;
  message?: unknown;
}

/**
 * Any failure as PostgREST's body, chosen by its code, never its text: ours as it is,
 * PostgreSQL's by SQLSTATE (an ErrorResponse always has a severity), the HTTP framework's by its
 * code and status (bad input, 4xx). Anything else is a fault of ours: 500. Connection failures
 * arrive already as PGRST001/PGRST003 from the code that saw them happen (rest/connection.ts).
 * `authed`: whether the request ran as a role other than anon (42501 is then 403, else 401).
 */
export function toPostgrestError(error: unknown, authed: boolean): PostgrestError {
  if (error instanceof PostgrestError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as ThrownFields;
  if (typeof e.severity === 'string' && typeof e.code === 'string') {
    return fromPgError(error as PgErrorFields, authed);
  }
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new PostgrestError(413, { code: 'PGRST102', message: 'Request body is too large' });
  }
  if (typeof e.statusCode === 'number' && e.statusCode < 500) {
    return new PostgrestError(e.statusCode, {
      code: 'PGRST100',
      message: typeof e.message === 'string' ? e.message : 'Bad request',
    });
  }
  return new PostgrestError(500, { code: 'PGRSTX00', message: 'Internal server error' });
}
