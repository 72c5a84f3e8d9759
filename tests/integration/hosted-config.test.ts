import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { readSupabaseToml, supabaseDir } from '../../server/src/config.ts';

// What `supabase config push` and `functions deploy` would read from supabase/config.toml, checked
// as far as this machine allows (no hosted project here): ADR 013.
const text = readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8');
const toml = readSupabaseToml() as ReturnType<typeof readSupabaseToml> & {
  remotes?: Record<string, { project_id?: string; auth?: { site_url?: string } }>;
};
const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/;
// The CLI's check on every load: a remote's ref is 20 lowercase letters (pkg/config).
const PROJECT_REF = /^[a-z]{20}$/;

describe('supabase/config.toml for a hosted deploy', () => {
  it('turns verify_jwt off for the function, which checks the caller itself', () => {
    expect(toml.functions?.['generate-lottery-results']?.verify_jwt).toBe(false);
  });

  it('keeps every active remote loadable by the CLI and off localhost', () => {
    for (const [name, remote] of Object.entries(toml.remotes ?? {})) {
      expect(remote.project_id, `remotes.${name}.project_id`).toMatch(PROJECT_REF);
      expect(remote.auth?.site_url ?? '').not.toMatch(LOOPBACK);
    }
    expect(toml.auth?.site_url).toMatch(LOOPBACK);
  });

  it('the documented production block, once uncommented, is a valid remote with a public site', () => {
    const block = text
      .split('\n')
      .filter(
        (line) =>
          /^# (\[remotes|project_id|site_url|additional_redirect_urls|$)/.test(line) ||
          line === '#',
      )
      .map((line) => line.replace(/^# ?/, ''))
      .join('\n');
    const remotes = (
      parse(block) as {
        remotes: Record<string, { project_id: string; auth: { site_url: string } }>;
      }
    ).remotes;
    expect(Object.keys(remotes)).toEqual(['production']);
    expect(remotes.production!.project_id).toMatch(PROJECT_REF);
    expect(remotes.production!.auth.site_url).toMatch(/^https:\/\//);
  });
});
