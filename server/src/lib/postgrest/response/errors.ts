/**
 * PostgREST's error: an HTTP status and the body `{code, message, details, hint}` (always all
 * four keys, null when empty), as src/PostgREST/Error.hs renders it. Modelled on hono's
 * HTTPException: thrown anywhere, rendered once by the plugin's error handler.
 */
/** Details are text, except PGRST201's list of candidate relationships (compressedRel). */
export type ErrorDetails = string | Array<Record<string, string>> | null;

export class PostgrestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetails;
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    body: { code: string; message: string; details?: ErrorDetails; hint?: string | null },
    headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'PostgrestError';
    this.status = status;
    this.code = body.code;
    this.details = body.details ?? null;
    this.hint = body.hint ?? null;
    this.headers = headers;
  }

  toJSON(): { code: string; details: ErrorDetails; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: a query parameter that does not parse; `message` names it and the position. */
export function queryParamError(message: string, details: string): PostgrestError {
  return new PostgrestError(400, { code: 'PGRST100', message, details });
}

/**
 * PostgREST syntax this stack does not implement (embedding, aggregates, …). A clear 400 is
 * better than a silently different answer, so every such construct ends here.
 */
export function notSupported(what: string): PostgrestError {
  return new PostgrestError(400, {
    code: 'PGRST100',
    message: `${what} is not supported by the Lotto24 local stack`,
    details:
      'The local stack implements the subset of PostgREST that supabase-js uses for plain tables and functions.',
    hint: 'Query the table directly, or run against hosted Supabase for this feature.',
  });
}

/** PGRST102: the body is not JSON, or not the JSON shape this request needs. */
export function invalidBody(message: string): PostgrestError {
  return new PostgrestError(400, { code: 'PGRST102', message });
}

export function invalidRange(details: string, status = 416): PostgrestError {
  return new PostgrestError(status, {
    code: 'PGRST103',
    message: 'Requested range not satisfiable',
    details,
  });
}

export function unacceptableSchema(schema: string, exposed: readonly string[]): PostgrestError {
  return new PostgrestError(406, {
    code: 'PGRST106',
    message: `Invalid schema: ${schema}`,
    hint: `Only the following schemas are exposed: ${exposed.join(', ')}`,
  });
}

export function mediaTypeError(types: readonly string[]): PostgrestError {
  return new PostgrestError(406, {
    code: 'PGRST107',
    message: `None of these media types are available: ${types.join(', ')}`,
  });
}

export function singularityError(rows: number): PostgrestError {
  return new PostgrestError(406, {
    code: 'PGRST116',
    message: 'Cannot coerce the result to a single JSON object',
    details: `The result contains ${rows} rows`,
  });
}

export function invalidRpcMethod(method: string): PostgrestError {
  return new PostgrestError(405, {
    code: 'PGRST101',
    message: `Cannot use the ${method} method on RPC`,
  });
}

export function unsupportedMethod(method: string): PostgrestError {
  return new PostgrestError(405, {
    code: 'PGRST117',
    message: `Unsupported HTTP method: ${method}`,
  });
}

/** PGRST003: no pool connection freed up in db-pool-acquisition-timeout (Error.hs). */
export function acquisitionTimeout(): PostgrestError {
  return new PostgrestError(504, {
    code: 'PGRST003',
    message: 'Timed out acquiring connection from connection pool.',
  });
}

/**
 * PGRST000: no connection could be made (refused, or PostgreSQL said no: starting up, shutting
 * down, too many connections). PostgREST's details are libpq's text; here they are PostgreSQL's
 * own message when it sent one, never the driver's, which names the database's host and port.
 */
export function databaseConnectionError(serverMessage: string | null): PostgrestError {
  return new PostgrestError(503, {
    code: 'PGRST000',
    message: 'Database connection error. Retrying the connection.',
    details: serverMessage,
  });
}

/** PGRST001: the database connection failed under a request (lost, reset). */
export function databaseClientError(): PostgrestError {
  return new PostgrestError(503, {
    code: 'PGRST001',
    message: 'Database client error. Retrying the connection.',
  });
}

export function invalidResourcePath(): PostgrestError {
  return new PostgrestError(404, {
    code: 'PGRST125',
    message: 'Invalid path specified in request URL',
  });
}

export function invalidPreferences(prefs: readonly string[]): PostgrestError {
  return new PostgrestError(400, {
    code: 'PGRST122',
    message: 'Invalid preferences given with handling=strict',
    details: `Invalid preferences: ${prefs.join(', ')}`,
  });
}

export function tableNotFound(schema: string, table: string, suggestion?: string): PostgrestError {
  return new PostgrestError(404, {
    code: 'PGRST205',
    message: `Could not find the table '${schema}.${table}' in the schema cache`,
    hint: suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  });
}

export function columnNotFound(table: string, column: string): PostgrestError {
  return new PostgrestError(400, {
    code: 'PGRST204',
    message: `Could not find the '${column}' column of '${table}' in the schema cache`,
  });
}

/** PGRST202, worded as NoRpc in Error.hs (JSON body on POST, query parameters on GET). */
export function functionNotFound(
  schema: string,
  name: string,
  args: readonly string[],
  viaPost: boolean,
  suggestion?: string,
): PostgrestError {
  const fn = `${schema}.${name}`;
  const list = args.join(', ');
  const withParams =
    args.length === 0
      ? ' without parameters'
      : ` with parameter${args.length > 1 ? 's' : ''} ${list}`;
  return new PostgrestError(404, {
    code: 'PGRST202',
    message: `Could not find the function ${fn}${args.length === 0 ? ' without parameters' : `(${list})`} in the schema cache`,
    details: `Searched for the function ${fn}${withParams}${viaPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint: suggestion ? `Perhaps you meant to call the function ${schema}.${suggestion}` : null,
  });
}

export function ambiguousFunction(candidates: readonly string[]): PostgrestError {
  return new PostgrestError(300, {
    code: 'PGRST203',
    message: `Could not choose the best candidate function between: ${candidates.join(', ')}`,
    hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  });
}
