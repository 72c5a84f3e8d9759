import { AuthError } from './errors.ts';

/**
 * Request bodies as GoTrue reads them (helpers.go, retrieveRequestParams): the raw body is
 * decoded as JSON into a typed struct whatever the Content-Type, and any decoding failure
 * (bad syntax, an array, a number where a string belongs) is `400 bad_json`. Unknown fields
 * are ignored, `null` leaves a field empty.
 */
export type JsonObject = Record<string, unknown>;

function badJson(detail: string): AuthError {
  return new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`);
}

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value;
}

export function parseBody(raw: unknown, structName: string): JsonObject {
  let value: unknown = raw;
  if (typeof raw === 'string' || Buffer.isBuffer(raw)) {
    const text = raw.toString();
    if (text.trim() === '') throw badJson('unexpected end of JSON input');
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw badJson(error instanceof Error ? error.message : 'invalid JSON');
    }
  } else if (raw === undefined) {
    throw badJson('unexpected end of JSON input');
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badJson(
      `json: cannot unmarshal ${jsonType(value)} into Go value of type api.${structName}`,
    );
  }
  return value as JsonObject;
}

/** A string field: absent or null is "", anything but a string is bad_json (as Go's decoder). */
export function stringField(body: JsonObject, field: string, structName: string): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    throw badJson(
      `json: cannot unmarshal ${jsonType(value)} into Go struct field ${structName}.${field} of type string`,
    );
  }
  return value;
}

/** An object field (`data` on sign-up): absent or null is {}. */
export function objectField(body: JsonObject, field: string, structName: string): JsonObject {
  const value = body[field];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badJson(
      `json: cannot unmarshal ${jsonType(value)} into Go struct field ${structName}.${field} of type map[string]interface {}`,
    );
  }
  return value as JsonObject;
}

/**
 * Whether a decoded JSON value holds NUL anywhere, in a key or a string. Go's decoder accepts
 * `\u0000`, but PostgreSQL's text and jsonb cannot store it: such input is refused up front.
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}
