import { invalidBody } from '../response/errors.ts';
import { assertJsonDepth } from './bounds.ts';
import type { Payload } from './types.ts';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON.parse, failing as PostgREST does: PGRST102 "Empty or invalid json". */
export function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') throw invalidBody('Empty or invalid json');
  assertJsonDepth(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

/**
 * payloadAttributes in Payload.hs: an array must hold objects with the same keys unless
 * `columns=` names them (then missing keys are NULL). Anything else is an empty array.
 */
export function toPayload(json: unknown, columns: string[] | undefined): Payload {
  if (isObject(json)) return { rows: [json], keys: columns ?? Object.keys(json), isObject: true };
  if (!Array.isArray(json) || json.length === 0)
    return { rows: [], keys: columns ?? [], isObject: false };
  if (!json.every(isObject)) throw invalidBody('All object keys must match');
  const rows = json as JsonObject[];
  if (columns) return { rows, keys: columns, isObject: false };
  const keys = Object.keys(rows[0]!);
  const uniform = rows.every((row) => {
    const own = Object.keys(row);
    return own.length === keys.length && keys.every((key) => Object.hasOwn(row, key));
  });
  if (!uniform) throw invalidBody('All object keys must match');
  return { rows, keys, isObject: false };
}
