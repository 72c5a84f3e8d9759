import { describe, expect, it } from 'vitest';
import { isNotModified } from './not-modified.ts';

const stored = { etag: 'W/"18555-1a21df4661f"', lastModified: 'Fri, 27 Nov 2026 17:01:25 GMT' };

describe('isNotModified', () => {
  it('matches If-None-Match weakly, among a list, or by *', () => {
    expect(isNotModified({ 'if-none-match': stored.etag }, stored)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"18555-1a21df4661f"' }, stored)).toBe(true);
    expect(isNotModified({ 'if-none-match': `"other", ${stored.etag}` }, stored)).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, stored)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"other"' }, stored)).toBe(false);
    expect(isNotModified({ 'if-none-match': '' }, stored)).toBe(false);
  });

  it('compares If-Modified-Since only without If-None-Match', () => {
    expect(isNotModified({ 'if-modified-since': stored.lastModified }, stored)).toBe(true);
    const later = 'Sat, 28 Nov 2026 00:00:00 GMT';
    expect(isNotModified({ 'if-modified-since': later }, stored)).toBe(true);
    const earlier = 'Thu, 01 Jan 1970 00:00:00 GMT';
    expect(isNotModified({ 'if-modified-since': earlier }, stored)).toBe(false);
    expect(isNotModified({ 'if-modified-since': 'yesterday' }, stored)).toBe(false);
    const both = { 'if-modified-since': later, 'if-none-match': '"other"' };
    expect(isNotModified(both, stored)).toBe(false);
  });

  it('sends the body to a reload that says no-cache, or to a plain request', () => {
    const reload = { 'if-none-match': stored.etag, 'cache-control': 'no-cache' };
    expect(isNotModified(reload, stored)).toBe(false);
    expect(isNotModified({}, stored)).toBe(false);
  });
});
