import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { supabaseDir } from '../../server/src/config.ts';
import { checkCliConfig, readCliConfigSchema } from '../utils/cli-config-schema.ts';

// `supabase start` cannot run here (no Docker), so what it would refuse is checked statically:
// supabase/config.toml against the CLI's config structs, pinned with their source commit.
const schema = readCliConfigSchema(
  path.join(import.meta.dirname, '..', 'fixtures', 'supabase-cli-config-schema.json'),
);
const text = readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8');
const config = parse(text) as {
  functions?: Record<string, { entrypoint?: string }>;
  db?: { seed?: { sql_paths?: string[] } };
};

/** The commented production block of config.toml, uncommented as the README says to. */
function productionBlock(): string {
  return text
    .split('\n')
    .filter((line) => /^# \[remotes|^# [a-z_]+ = /.test(line))
    .map((line) => line.replace(/^# /, ''))
    .join('\n');
}

describe('supabase/config.toml as the Supabase CLI reads it', () => {
  it('names only keys the CLI knows, each with a type it decodes', () => {
    expect(schema.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(checkCliConfig(schema, config)).toEqual([]);
  });

  it('stays loadable with the documented production remote uncommented', () => {
    const withRemote = parse(`${text}\n${productionBlock()}`);
    expect(Object.keys((withRemote as { remotes: object }).remotes)).toEqual(['production']);
    expect(checkCliConfig(schema, withRemote)).toEqual([]);
  });

  it('gives every edge function folder an entrypoint that exists, and the seed a file', () => {
    const folders = readdirSync(path.join(supabaseDir, 'functions'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(config.functions ?? {}).sort()).toEqual(folders);
    for (const fn of Object.values(config.functions ?? {}))
      expect(existsSync(path.join(supabaseDir, fn.entrypoint ?? '')), fn.entrypoint).toBe(true);
    for (const file of config.db?.seed?.sql_paths ?? [])
      expect(existsSync(path.join(supabaseDir, file)), file).toBe(true);
  });
});

describe('the CLI config check', () => {
  const check = (toml: string) => checkCliConfig(schema, parse(toml));

  it('rejects an unknown key at any depth, as UnmarshalExact does', () => {
    expect(check('project_id = "x"\nprojectid = "y"')).toEqual(['projectid: unknown key']);
    expect(check('[auth]\nsite_urls = "http://a"')).toEqual(['auth.site_urls: unknown key']);
    expect(check('[functions.feed]\nverify_jwts = false')).toEqual([
      'functions.feed.verify_jwts: unknown key',
    ]);
    expect(check('[remotes.p]\nproject_id = "x"\n[remotes.p.remotes.q]')).toEqual([
      'remotes.p.remotes: unknown key',
    ]);
  });

  it('rejects values of the wrong type or outside an enum', () => {
    expect(check('[api]\nport = "54321"')[0]).toMatch(/^api\.port: expected port/);
    expect(check('[api]\nport = 70000')[0]).toMatch(/^api\.port: expected port/);
    expect(check('[auth]\nenable_signup = "true"')[0]).toMatch(/expected bool/);
    expect(check('[auth]\njwt_expiry = -1')[0]).toMatch(/expected uint/);
    expect(check('[auth.email]\nmax_frequency = "1 second"')[0]).toMatch(/expected duration/);
    expect(check('[edge_runtime]\npolicy = "per_request"')[0]).toMatch(/expected one of/);
    expect(check('[db]\nmajor_version = 16')[0]).toMatch(/expected one of/);
    expect(check('[api]\nschemas = ["public", 1]')[0]).toMatch(/expected strings/);
    expect(check('auth = 1')).toEqual(['auth: expected a table']);
  });

  it('accepts the forms the CLI decodes: comma-separated lists, durations, env() secrets', () => {
    expect(
      check(
        '[api]\nschemas = "public,graphql_public"\n[auth]\njwt_secret = "env(JWT)"\n' +
          '[auth.email]\nmax_frequency = "1m30s"\n[storage]\nfile_size_limit = "50MiB"',
      ),
    ).toEqual([]);
  });
});
