import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSupabaseToml, supabaseDir } from '../config.ts';
import { discoverFunctions } from './registry.ts';

const root = mkdtempSync(path.join(tmpdir(), 'lotto24-fn-registry-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fn(name: string, files = ['handler.ts', 'index.ts']): void {
  mkdirSync(path.join(root, 'functions', name), { recursive: true });
  for (const file of files) writeFileSync(path.join(root, 'functions', name, file), '');
}

describe('discoverFunctions', () => {
  it('serves folders with a handler, skips _shared, dotted, handler-less and disabled ones', () => {
    fn('open');
    fn('guarded');
    fn('defaulted');
    fn('off');
    fn('_shared');
    fn('.hidden');
    fn('deno-only', ['index.ts']);
    writeFileSync(path.join(root, 'functions', 'stray.ts'), '');
    writeFileSync(
      path.join(root, 'config.toml'),
      [
        '[functions.open]\nverify_jwt = false',
        '[functions.guarded]\nverify_jwt = true',
        '[functions.off]\nenabled = false',
      ].join('\n'),
    );
    const found = discoverFunctions(
      path.join(root, 'functions'),
      readSupabaseToml(path.join(root, 'config.toml')).functions,
    );
    expect([...found.keys()].sort()).toEqual(['defaulted', 'guarded', 'open']);
    expect(found.get('open')).toEqual({
      name: 'open',
      handlerPath: path.join(root, 'functions', 'open', 'handler.ts'),
      verifyJwt: false,
    });
    // verify_jwt defaults to true, as in the Supabase CLI.
    expect(found.get('guarded')?.verifyJwt).toBe(true);
    expect(found.get('defaulted')?.verifyJwt).toBe(true);
  });

  it('copes with no functions folder and no config file', () => {
    expect(
      discoverFunctions(
        path.join(root, 'none'),
        readSupabaseToml(path.join(root, 'none.toml')).functions,
      ).size,
    ).toBe(0);
  });

  it('reads the repository config: generate-lottery-results is served with verify_jwt off (ADR 013)', () => {
    const found = discoverFunctions(
      path.join(supabaseDir, 'functions'),
      readSupabaseToml().functions,
    );
    expect(found.get('generate-lottery-results')?.verifyJwt).toBe(false);
    // Feed readers send no token; the feed reads as anon (supabase/config.toml says why).
    expect(found.get('results-feed')?.verifyJwt).toBe(false);
  });
});
