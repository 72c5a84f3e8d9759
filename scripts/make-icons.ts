// `npx tsx scripts/make-icons.ts`: renders the app icons in public/icons/ from public/favicon.svg
// in the local Chromium, so the icons are the favicon's own drawing and nothing is downloaded.
// The PNGs are committed; run this again only when the favicon changes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/utils/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');
const BRAND = '#1e3a8a';

/**
 * `any` icons are the favicon edge to edge on a transparent ground. A `maskable` icon may be
 * cropped to any shape down to the central 80% circle (the W3C manifest's safe zone), so the
 * favicon sits at 70% on a full-bleed square of its own blue.
 */
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const { file, size, maskable } of icons) {
    const scale = maskable ? 0.7 : 1;
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;` +
        `background:${maskable ? BRAND : 'transparent'}">` +
        `<div style="width:${size * scale}px;height:${size * scale}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
    );
    await page.screenshot({
      path: path.join(root, 'public', 'icons', file),
      omitBackground: !maskable,
    });
    console.log(`public/icons/${file} (${size}x${size}${maskable ? ', maskable' : ''})`);
  }
} finally {
  await browser.close();
}
