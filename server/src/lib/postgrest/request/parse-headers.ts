import {
  invalidPreferences,
  mediaTypeError,
  notSupported,
  unacceptableSchema,
} from '../response/errors.ts';
import type { MediaType } from '../response/shape.ts';
import type { Preferences } from './types.ts';

const PREFERENCES: Record<string, Partial<Preferences>> = {
  'return=representation': { return: 'full' },
  'return=minimal': { return: 'minimal' },
  'return=headers-only': { return: 'headers-only' },
  'count=exact': { count: 'exact' },
  'count=planned': { count: 'planned' },
  'count=estimated': { count: 'estimated' },
  'resolution=merge-duplicates': { resolution: 'merge-duplicates' },
  'resolution=ignore-duplicates': { resolution: 'ignore-duplicates' },
  'missing=default': { missing: 'default' },
  'missing=null': { missing: 'null' },
  'handling=strict': { handling: 'strict' },
  'handling=lenient': { handling: 'lenient' },
  // PostgREST ignores tx=… unless db-tx-end allows overrides, which it does not by default.
  'tx=commit': {},
  'tx=rollback': {},
};

/**
 * Every `Prefer` header, comma separated (supabase-js appends several). The first value of each
 * kind wins, unknown ones are ignored unless `handling=strict` (Preferences.hs fromHeaders).
 */
export function parsePreferences(header: string | string[] | undefined): Preferences {
  const values = (Array.isArray(header) ? header : header === undefined ? [] : [header])
    .flatMap((h) => h.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const prefs: Preferences = { invalid: [] };
  for (const value of values) {
    const known = PREFERENCES[value];
    if (known) {
      for (const [k, v] of Object.entries(known) as Array<[keyof Preferences, never]>)
        prefs[k] ??= v;
    } else if (value.startsWith('timezone=')) {
      prefs.timezone ??= value.slice('timezone='.length);
    } else if (/^max-affected=\d+$/.test(value)) {
      prefs.maxAffected ??= Number(value.slice('max-affected='.length));
    } else {
      prefs.invalid.push(value);
    }
  }
  if (prefs.handling === 'strict' && prefs.invalid.length > 0)
    throw invalidPreferences(prefs.invalid);
  return prefs;
}

/** The `Preference-Applied` header: the preferences that shaped the response, in PostgREST's order. */
export function preferenceApplied(
  prefs: Preferences,
  kinds: ReadonlyArray<'resolution' | 'missing' | 'return' | 'count'>,
): string | undefined {
  const out: string[] = [];
  if (kinds.includes('resolution') && prefs.resolution) out.push(`resolution=${prefs.resolution}`);
  if (kinds.includes('missing') && prefs.missing) out.push(`missing=${prefs.missing}`);
  if (kinds.includes('return') && prefs.return) {
    out.push(`return=${prefs.return === 'full' ? 'representation' : prefs.return}`);
  }
  if (kinds.includes('count') && prefs.count) out.push(`count=${prefs.count}`);
  if (prefs.handling) out.push(`handling=${prefs.handling}`);
  return out.length > 0 ? out.join(', ') : undefined;
}

const JSON_TYPES = new Set(['application/json', 'application/*', '*/*']);
/** Media types PostgREST can produce that this stack does not; these get a clear 400. */
const UNSUPPORTED = new Set([
  'text/csv',
  'application/geo+json',
  'application/vnd.pgrst.plan',
  'application/vnd.pgrst.plan+json',
  'application/vnd.pgrst.plan+text',
  'text/plain',
  'text/xml',
  'application/octet-stream',
]);

/**
 * Chooses the response media type from `Accept`, as PostgREST negotiates it: the first acceptable
 * type by quality; JSON arrays by default; `vnd.pgrst.object+json` for one object.
 */
export function negotiateMediaType(accept: string | undefined): MediaType {
  if (accept === undefined || accept.trim() === '')
    return { singular: false, stripNulls: false, mime: 'application/json' };
  const ranked = accept
    .split(',')
    .map((entry, position) => {
      const [type = '', ...params] = entry.split(';').map((p) => p.trim());
      const q = params.find((p) => p.startsWith('q='));
      return {
        type: type.toLowerCase(),
        params: params.map((p) => p.toLowerCase()),
        q: q ? Number(q.slice(2)) : 1,
        position,
      };
    })
    .filter((entry) => entry.type !== '' && !(entry.q <= 0))
    .sort((a, b) => b.q - a.q || a.position - b.position);
  for (const { type, params } of ranked) {
    const stripNulls = params.includes('nulls=stripped');
    if (JSON_TYPES.has(type))
      return { singular: false, stripNulls: false, mime: 'application/json' };
    if (type === 'application/vnd.pgrst.array+json' || type === 'application/vnd.pgrst.array') {
      return {
        singular: false,
        stripNulls,
        mime: stripNulls ? 'application/vnd.pgrst.array+json;nulls=stripped' : 'application/json',
      };
    }
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return {
        singular: true,
        stripNulls,
        mime: `application/vnd.pgrst.object+json${stripNulls ? ';nulls=stripped' : ''}`,
      };
    }
    if (UNSUPPORTED.has(type)) throw notSupported(`The media type ${type}`);
  }
  throw mediaTypeError(ranked.map((entry) => entry.type));
}

/**
 * Accept-Profile (reads) / Content-Profile (writes) must name an exposed schema (getSchema in
 * ApiRequest.hs). This stack exposes `public` only.
 */
export function checkProfile(profile: string | undefined, exposed: readonly string[]): void {
  if (profile !== undefined && !exposed.includes(profile))
    throw unacceptableSchema(profile, exposed);
}
