import type { FastifyReply, FastifyRequest } from 'fastify';
import { PasswordPoolBusyError } from '../lib/password-pool.ts';

/**
 * GoTrue's HTTPError (supabase/auth internal/api/apierrors/apierrors.go): a status, a stable
 * `error_code` (errorcode.go) and a human message. `weakPassword` carries the reasons of a
 * WeakPasswordError (internal/api/password.go), which GoTrue renders as an extra field.
 */
export class AuthError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly weakPassword?: { reasons: string[] };
  /** Sent as `Retry-After` (rate limits). */
  retryAfterSeconds?: number;

  constructor(
    status: number,
    errorCode: string,
    message: string,
    weakPassword?: { reasons: string[] },
  ) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.errorCode = errorCode;
    this.weakPassword = weakPassword;
  }
}

/** GoTrue's OAuthError: `{error, error_description}`, always 400 (errors.go). */
export class OAuthError extends Error {
  readonly error: string;
  constructor(error: string, description: string) {
    super(description);
    this.name = 'OAuthError';
    this.error = error;
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
/** GoTrue's DuplicateEmailMsg, for PUT /user, e-mail change and the admin API. */
export const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

/** GoTrue reads at most 1 MiB of a request body (api.go, limitRequestBody(1 << 20)). */
export const BODY_LIMIT = 1 << 20;

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/**
 * supabase-js sends `X-Supabase-Api-Version: 2024-01-01`; GoTrue then answers errors as
 * `{code: <error_code>, message}` and echoes the header, which is how supabase-js knows `code`
 * is the error code. Without it (curl, older clients) the body is the original
 * `{code: <status>, error_code, msg}` with an `x-sb-error-code` header (errors.go,
 * apiversions.go: an unparseable version counts as none).
 */
function wantsApi2024(request: FastifyRequest): boolean {
  const header = request.headers[API_VERSION_HEADER.toLowerCase()];
  const value = typeof header === 'string' ? header.trim() : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    value >= API_VERSION_2024
  );
}

export function renderAuthError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: AuthError,
): FastifyReply {
  if (error.retryAfterSeconds !== undefined) {
    reply.header('Retry-After', String(error.retryAfterSeconds));
  }
  const extra = error.weakPassword
    ? { weak_password: { reasons: error.weakPassword.reasons } }
    : {};
  if (wantsApi2024(request)) {
    return reply
      .code(error.status)
      .header(API_VERSION_HEADER, API_VERSION_2024)
      .send({ code: error.errorCode, message: error.message, ...extra });
  }
  return reply
    .code(error.status)
    .header('x-sb-error-code', error.errorCode)
    .send({ code: error.status, error_code: error.errorCode, msg: error.message, ...extra });
}

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
}

/**
 * The plugin's error handler: our own errors render as GoTrue would; Fastify's own 4xx (body
 * too large, malformed content length) become GoTrue's equivalents; anything else is a 500
 * with GoTrue's generic body, logged, never leaking the cause to the client.
 */
export function authErrorHandler(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof AuthError) return renderAuthError(request, reply, error);
  if (error instanceof PasswordPoolBusyError) {
    // Every password worker is busy and the queue is full: GoTrue's request-limit answer.
    const busy = new AuthError(
      429,
      'over_request_rate_limit',
      'Request rate limit reached: please wait 1 second before trying again.',
    );
    busy.retryAfterSeconds = 1;
    return renderAuthError(request, reply, busy);
  }
  if (error instanceof OAuthError) {
    return reply.code(400).send({ error: error.error, error_description: error.message });
  }
  const fastifyError = (error ?? {}) as FastifyLikeError;
  const status = fastifyError.statusCode ?? 500;
  if (status === 413) {
    const message = `Request body too large (max ${BODY_LIMIT} bytes)`;
    return renderAuthError(request, reply, new AuthError(413, 'request_entity_too_large', message));
  }
  if (status >= 400 && status < 500) {
    const code = fastifyError.code?.startsWith('FST_ERR_CTP') ? 'bad_json' : 'validation_failed';
    return renderAuthError(
      request,
      reply,
      new AuthError(400, code, fastifyError.message ?? 'Bad request'),
    );
  }
  request.log.error({ err: error }, 'auth: unexpected failure');
  return renderAuthError(
    request,
    reply,
    new AuthError(
      500,
      'unexpected_failure',
      'Unexpected failure, please check server logs for more information',
    ),
  );
}
