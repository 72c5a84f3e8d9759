import { describe, expect, it } from 'vitest';
import { parseCliStatus } from './dev-supabase.ts';

// `supabase status -o json` as the CLI prints it (apps/cli-go/internal/status/status.go: the env
// names are the JSON keys; ANON_KEY and INBUCKET_URL are deprecated but still printed).
const status = {
  API_URL: 'http://127.0.0.1:54321',
  REST_URL: 'http://127.0.0.1:54321/rest/v1',
  FUNCTIONS_URL: 'http://127.0.0.1:54321/functions/v1',
  DB_URL: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
  STUDIO_URL: 'http://127.0.0.1:54323',
  MAILPIT_URL: 'http://127.0.0.1:54324',
  INBUCKET_URL: 'http://127.0.0.1:54324',
  PUBLISHABLE_KEY: 'sb_publishable_abc',
  SECRET_KEY: 'sb_secret_abc',
  ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.anon.sig',
  SERVICE_ROLE_KEY: 'eyJhbGciOiJIUzI1NiJ9.service.sig',
};

describe('parseCliStatus', () => {
  it('takes the API URL, the anon key and the mail and Studio URLs, never a secret', () => {
    expect(parseCliStatus(JSON.stringify(status, null, 2))).toEqual({
      apiUrl: 'http://127.0.0.1:54321',
      anonKey: status.ANON_KEY,
      mailUrl: 'http://127.0.0.1:54324',
      studioUrl: 'http://127.0.0.1:54323',
    });
  });

  it('falls back to the publishable key and ignores text printed before the JSON', () => {
    const { ANON_KEY: _anon, INBUCKET_URL: _inbucket, ...newer } = status;
    const parsed = parseCliStatus(`Stopped services: [supabase_studio]\n${JSON.stringify(newer)}`);
    expect(parsed.anonKey).toBe('sb_publishable_abc');
    expect(parsed.mailUrl).toBe('http://127.0.0.1:54324');
  });

  it('says what is missing', () => {
    expect(() => parseCliStatus('')).toThrow(/no JSON/);
    expect(() => parseCliStatus(JSON.stringify({ DB_URL: status.DB_URL }))).toThrow(/API_URL/);
  });
});
