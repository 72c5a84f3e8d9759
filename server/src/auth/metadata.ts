import type { JsonObject } from './body.ts';
import { containsNul } from './body.ts';
import { badRequest } from './errors.ts';

/**
 * `data` becomes user_metadata, which every access token carries: a token must still fit in a
 * request's Authorization header (Node reads at most 16 KiB of headers; proxies often 8 KiB), or
 * the account signs up into a session it can never use. 8 KiB of JSON makes a token of about
 * 12 KiB. GoTrue itself bounds only the whole body (1 MiB); this is the local stack's own bound,
 * answered in GoTrue's shape for a rejected field.
 */
export const MAX_USER_METADATA_BYTES = 8 * 1024;

/**
 * models.User UpdateUserMetaData: keys in `updates` replace the stored ones and a null removes
 * one. The result must still fit in a token, so it meets the same bounds as sign-up.
 */
export function mergeMetadata(current: JsonObject | null, updates: JsonObject): JsonObject {
  const merged: JsonObject = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  assertMetadataBounds(merged);
  return merged;
}

/**
 * How deep metadata may nest. The whole body may nest 10,000 deep (Go's decoder, body.ts), but
 * metadata is stored as jsonb and signed into every token: a few thousand levels overflowed
 * PostgreSQL's stack (a 500) or left an account whose row no sign-in could read back. REST
 * bounds JSON bodies at 64 too.
 */
export const MAX_USER_METADATA_DEPTH = 64;

/** How deep `value` nests, walked with a stack of its own (never the call stack), stopping past `limit`. */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

export function assertMetadataBounds(data: JsonObject): void {
  // First: everything below (and PostgreSQL) may recurse.
  if (nestingDepth(data, MAX_USER_METADATA_DEPTH) > MAX_USER_METADATA_DEPTH) {
    throw badRequest(
      'validation_failed',
      `User metadata cannot be nested deeper than ${MAX_USER_METADATA_DEPTH} levels`,
    );
  }
  if (containsNul(data)) {
    throw badRequest(
      'validation_failed',
      'User metadata cannot contain the NUL character (\\u0000)',
    );
  }
  if (Buffer.byteLength(JSON.stringify(data)) > MAX_USER_METADATA_BYTES) {
    throw badRequest(
      'validation_failed',
      `User metadata cannot be larger than ${MAX_USER_METADATA_BYTES} bytes`,
    );
  }
}
