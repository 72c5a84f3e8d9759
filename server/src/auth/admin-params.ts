import { type JsonObject, objectField, parseBody, stringField } from './body.ts';
import { AuthError, badRequest } from './errors.ts';

const STRUCT = 'AdminUserParams';

/** admin.go AdminUserParams, decoded as Go would (unknown keys ignored, wrong types bad_json). */
export interface AdminUserParams {
  id: string;
  email: string;
  phone: string;
  password: string | undefined;
  role: string;
  emailConfirm: boolean;
  userMetadata: JsonObject | undefined;
  appMetadata: JsonObject | undefined;
  banDuration: string;
}

function optionalObject(body: JsonObject, field: string): JsonObject | undefined {
  return body[field] === undefined || body[field] === null
    ? undefined
    : objectField(body, field, STRUCT);
}

function bool(body: JsonObject, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') {
    throw new AuthError(
      400,
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${typeof value} into Go struct field ${STRUCT}.${field} of type bool`,
    );
  }
  return value;
}

export function adminUserParams(raw: unknown): AdminUserParams {
  const body = parseBody(raw, STRUCT);
  const role = stringField(body, 'role', STRUCT);
  // A role becomes the database role of the user's requests: only a plain identifier, bounded.
  if (role !== '' && !/^[a-z_][a-z0-9_]{0,62}$/.test(role)) {
    throw badRequest('validation_failed', 'Invalid role');
  }
  return {
    id: stringField(body, 'id', STRUCT),
    email: stringField(body, 'email', STRUCT),
    phone: stringField(body, 'phone', STRUCT),
    password:
      body.password === undefined || body.password === null
        ? undefined
        : stringField(body, 'password', STRUCT),
    role,
    emailConfirm: bool(body, 'email_confirm'),
    userMetadata: optionalObject(body, 'user_metadata'),
    appMetadata: optionalObject(body, 'app_metadata'),
    banDuration: stringField(body, 'ban_duration', STRUCT),
  };
}

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1e3,
  m: 6e4,
  h: 3.6e6,
};
/** Go's time.ParseDuration, within a hundred years: "24h", "1h30m", "none" (unban). */
export function banDurationMs(value: string): number {
  if (value === 'none') return 0;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  const joined = parts.map((part) => part[0]).join('');
  const total = parts.reduce((sum, [, n, unit]) => sum + Number(n) * UNIT_MS[unit!]!, 0);
  if (value.length > 64 || parts.length === 0 || joined !== value || !(total <= 3.2e12)) {
    throw badRequest(
      'validation_failed',
      `invalid format for ban duration: time: invalid duration ${JSON.stringify(value)}`,
    );
  }
  return total;
}
