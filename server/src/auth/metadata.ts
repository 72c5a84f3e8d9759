import type { JsonObject } from './body.ts';
import { containsNul } from './body.ts';
import { badRequest } from './errors.ts';
import { MAX_USER_METADATA_BYTES } from './signup.ts';

/**
 * models.User UpdateUserMetaData: keys in `updates` replace the stored ones and a null removes
 * one. The result must still fit in a token, so it meets the sign-up bounds (signup.ts).
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

export function assertMetadataBounds(data: JsonObject): void {
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
