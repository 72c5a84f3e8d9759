import { firstTooDeep } from '../lib/json-depth.ts';
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

/** Go's encoding/json refuses nesting deeper than this (scanner.go maxNestingDepth). */
export const MAX_JSON_DEPTH = 10_000;

/**
 * Refuses JSON nested deeper than Go's decoder would take, before anything parses or walks it:
 * a 200,000-deep body must be a 400, never a stack overflow. The message is Go's SyntaxError.
 */
export function assertJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  const at = firstTooDeep(text, max);
  if (at >= 0) throw badJson(`invalid character '${text[at]}' exceeded max depth`);
}

export function parseBody(raw: unknown, structName: string): JsonObject {
  let value: unknown = raw;
  if (typeof raw === 'string' || Buffer.isBuffer(raw)) {
    const text = raw.toString();
    if (text.trim() === '') throw badJson('unexpected end of JSON input');
    assertJsonDepth(text);
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
  // A stack instead of recursion: depth is bounded, but not by the call stack's size.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
