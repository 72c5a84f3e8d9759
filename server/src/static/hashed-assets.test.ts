import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isUtf8MimeType, mime } from '@fastify/send';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPES, readHashedAssets } from './hashed-assets.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-assets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, bytes: string) => writeFileSync(path.join(dir, name), bytes);
write('app-1.js', 'a'.repeat(2000));
write('app-1.js.br', 'br bytes');
write('app-1.js.gz', 'gzip bytes');
write('style-1.css', 'b'.repeat(1500));
write('style-1.css.gz', 'gzip only');
write('font-1.woff2', 'font bytes');
write('notes.txt', 'no known type');
write('odd:name.js', 'a name the router would read as a parameter');
mkdirSync(path.join(dir, 'nested.js'));

describe('the hashed files read into memory', () => {
  const assets = readHashedAssets(dir)!;

  it('holds each known file with the codings the build wrote beside it', () => {
    expect([...assets.keys()].sort()).toEqual(['app-1.js', 'font-1.woff2', 'style-1.css']);
    expect(assets.get('app-1.js')!.codings).toEqual(['br', 'gzip']);
    expect(assets.get('app-1.js')!.coded.br!.body.toString()).toBe('br bytes');
    expect(assets.get('style-1.css')!.codings).toEqual(['gzip']);
    expect(assets.get('font-1.woff2')!.codings).toEqual([]);
  });

  it('varies on Accept-Encoding only where there is a coding to choose', () => {
    expect(assets.get('app-1.js')!.identity.ok.Vary).toBe('Accept-Encoding');
    expect(assets.get('app-1.js')!.coded.gzip!.notModified.Vary).toBe('Accept-Encoding');
    expect(assets.get('font-1.woff2')!.identity.ok.Vary).toBeUndefined();
  });

  it('gives each stored file its own length and validators', () => {
    const { identity, coded } = assets.get('app-1.js')!;
    expect(identity.ok['Content-Length']).toBe('2000');
    expect(coded.br!.ok['Content-Length']).toBe('8');
    expect(coded.br!.ok['Content-Encoding']).toBe('br');
    expect(identity.etag).toMatch(/^W\/"7d0-[0-9a-f]+"$/);
    expect(coded.br!.etag).toMatch(/^W\/"8-[0-9a-f]+"$/);
  });

  it('reads nothing past its bound, or where there is no build', () => {
    const warnings: string[] = [];
    const warn = (line: string) => warnings.push(line);
    expect(readHashedAssets(dir, { maxBytes: 1_000, warn })).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('past 1000: served from disk')]);
    expect(readHashedAssets(path.join(dir, 'missing'))).toBeUndefined();
  });

  it('names each type as @fastify/static would', () => {
    for (const [extension, type] of Object.entries(CONTENT_TYPES)) {
      const sent = mime.getType(`file${extension}`)!;
      expect(type).toBe(isUtf8MimeType(sent) ? `${sent}; charset=utf-8` : sent);
    }
  });
});
