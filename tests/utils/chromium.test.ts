import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { findChromium } from './chromium.ts';

test('CHROMIUM_PATH wins when it names a file', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'lotto24-chromium-')), 'chrome');
  writeFileSync(file, '');
  expect(findChromium({ CHROMIUM_PATH: file })).toBe(file);
});

test('a CHROMIUM_PATH that names nothing is said plainly, not silently replaced', () => {
  expect(() => findChromium({ CHROMIUM_PATH: '/nowhere/chrome' })).toThrow(
    'CHROMIUM_PATH names /nowhere/chrome, which does not exist.',
  );
});

test('without CHROMIUM_PATH, a browser that exists on this machine is found', () => {
  // CI installs Debian's Chromium; a laptop may have Playwright's own or Chrome instead.
  expect(existsSync(findChromium({}))).toBe(true);
});
