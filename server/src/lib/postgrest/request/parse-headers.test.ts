import { describe, expect, it } from 'vitest';
import {
  checkProfile,
  negotiateMediaType,
  parsePreferences,
  preferenceApplied,
} from './parse-headers.ts';

describe('Prefer', () => {
  it('reads the comma-joined values supabase-js sends; the first of each kind wins', () => {
    const prefs = parsePreferences(
      'count=exact, return=representation, return=minimal,resolution=merge-duplicates',
    );
    expect(prefs).toMatchObject({
      count: 'exact',
      return: 'full',
      resolution: 'merge-duplicates',
      invalid: [],
    });
    expect(parsePreferences(['return=headers-only', 'missing=default']).missing).toBe('default');
    expect(parsePreferences(undefined)).toEqual({ invalid: [] });
  });

  it('ignores unknown preferences unless handling=strict (PGRST122)', () => {
    expect(parsePreferences('nonsense').invalid).toEqual(['nonsense']);
    expect(() => parsePreferences('handling=strict, nonsense')).toThrowError(
      expect.objectContaining({ code: 'PGRST122', status: 400 }),
    );
    expect(parsePreferences('handling=strict, max-affected=5, timezone=UTC')).toMatchObject({
      maxAffected: 5,
      timezone: 'UTC',
    });
  });

  it('renders Preference-Applied in PostgREST order', () => {
    const prefs = parsePreferences(
      'count=exact,return=representation,resolution=ignore-duplicates',
    );
    expect(preferenceApplied(prefs, ['resolution', 'missing', 'return', 'count'])).toBe(
      'resolution=ignore-duplicates, return=representation, count=exact',
    );
    expect(preferenceApplied(parsePreferences(undefined), ['count'])).toBeUndefined();
  });
});

describe('Accept', () => {
  it('defaults to a JSON array', () => {
    expect(negotiateMediaType(undefined)).toEqual({
      singular: false,
      stripNulls: false,
      mime: 'application/json',
    });
    expect(negotiateMediaType('*/*').singular).toBe(false);
  });

  it('answers one object for vnd.pgrst.object+json, with or without stripped nulls', () => {
    expect(negotiateMediaType('application/vnd.pgrst.object+json')).toMatchObject({
      singular: true,
      stripNulls: false,
    });
    expect(negotiateMediaType('application/vnd.pgrst.object+json;nulls=stripped')).toMatchObject({
      singular: true,
      stripNulls: true,
    });
    expect(negotiateMediaType('application/vnd.pgrst.array+json;nulls=stripped')).toMatchObject({
      singular: false,
      stripNulls: true,
    });
  });

  it('ranks by quality', () => {
    expect(
      negotiateMediaType('application/json;q=0.5, application/vnd.pgrst.object+json').singular,
    ).toBe(true);
  });

  it('refuses what it cannot produce: 400 for PostgREST formats not built here, 406 otherwise', () => {
    expect(() => negotiateMediaType('text/csv')).toThrowError(
      expect.objectContaining({ code: 'PGRST100', status: 400 }),
    );
    expect(() => negotiateMediaType('image/png')).toThrowError(
      expect.objectContaining({
        code: 'PGRST107',
        status: 406,
        message: 'None of these media types are available: image/png',
      }),
    );
  });
});

describe('profiles', () => {
  it('accepts only exposed schemas (PGRST106)', () => {
    expect(() => checkProfile('public', ['public'])).not.toThrow();
    expect(() => checkProfile(undefined, ['public'])).not.toThrow();
    expect(() => checkProfile('auth', ['public'])).toThrowError(
      expect.objectContaining({
        code: 'PGRST106',
        status: 406,
        hint: 'Only the following schemas are exposed: public',
      }),
    );
  });
});
