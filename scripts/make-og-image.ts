// `npx tsx scripts/make-og-image.ts`: renders, in the local Chromium, (1) public/og-image.png,
// the preview image of every page that has no draw number to show, and (2) the glyph atlas the
// stack draws per-draw preview images with (server/src/static/og-image/glyphs.{png,json}): the
// same font as (1), rasterised once here so the stack needs no font engine (ADR 022).
// Both are committed; run this again only when the look changes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/utils/chromium.ts';
import { encodePng } from '../server/src/lib/png.ts';
import type { Font } from '../server/src/lib/raster.ts';
import { ballColors } from '../src/shared/digit-balls.ts';
import { OG_LOOK } from '../server/src/static/og-image/look.ts';

const root = path.resolve(import.meta.dirname, '..');
const FAMILY = "'Liberation Sans', Arial, Helvetica, sans-serif";
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TEXT_CHARS = `${LETTERS}0123456789 :·,.-–()/`;

/** The atlas's fonts: the digits on the balls, the date line, the smaller lines. */
const FONTS = [
  {
    name: 'ball',
    css: `700 ${OG_LOOK.ballFontPx}px ${FAMILY}`,
    size: OG_LOOK.ballFontPx,
    chars: '0123456789',
  },
  {
    name: 'title',
    css: `700 ${OG_LOOK.titleFontPx}px ${FAMILY}`,
    size: OG_LOOK.titleFontPx,
    chars: TEXT_CHARS,
  },
  {
    name: 'text',
    css: `400 ${OG_LOOK.textFontPx}px ${FAMILY}`,
    size: OG_LOOK.textFontPx,
    chars: TEXT_CHARS,
  },
];

/**
 * The name and four blank balls in the digits' colours: the site's look, no number to contradict
 * a title, and no words, since every language's pages show it (ADR 027).
 */
function genericHtml(): string {
  const ball = (digit: string) => {
    const { background } = ballColors(digit);
    const edge = OG_LOOK.ringOf(digit);
    return `<div style="width:140px;height:140px;border-radius:50%;background:${background};box-sizing:border-box;border:5px solid ${edge};box-shadow:0 6px 14px rgba(0,0,0,.28)"></div>`;
  };
  return `<body style="margin:0;width:1200px;height:630px;background:${OG_LOOK.background};font-family:${FAMILY};display:flex;flex-direction:column;align-items:center;justify-content:center;gap:44px">
  <div style="color:#fff;font-size:110px;font-weight:700;letter-spacing:-2px;line-height:1">Lotto24</div>
  <div style="display:flex;gap:30px">${['1', '2', '0', '6'].map(ball).join('')}</div>
</body>`;
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(genericHtml());
  await page.screenshot({ path: path.join(root, 'public', 'og-image.png') });
  console.log('public/og-image.png (1200x630, no number)');

  await page.setContent('<body></body>');
  const atlas = await page.evaluate((fonts) => {
    const WIDTH = 1024;
    const PAD = 2;
    const measure = document.createElement('canvas').getContext('2d')!;
    const placed: Record<string, Font> = {};
    const cells: Array<{
      font: string;
      css: string;
      char: string;
      x: number;
      y: number;
      ascent: number;
      left: number;
    }> = [];
    let x = 0;
    let y = 0;
    let rowHeight = 0;
    for (const font of fonts) {
      measure.font = font.css;
      placed[font.name] = { size: font.size, glyphs: {} };
      for (const char of font.chars) {
        const m = measure.measureText(char);
        const left = Math.ceil(m.actualBoundingBoxLeft) + PAD;
        const ascent = Math.ceil(m.actualBoundingBoxAscent) + PAD;
        const w = char === ' ' ? 0 : left + Math.ceil(m.actualBoundingBoxRight) + PAD;
        const h = char === ' ' ? 0 : ascent + Math.ceil(m.actualBoundingBoxDescent) + PAD;
        if (x + w > WIDTH) [x, y, rowHeight] = [0, y + rowHeight, 0];
        placed[font.name]!.glyphs[char] = {
          x,
          y,
          w,
          h,
          left: -left,
          top: ascent,
          advance: m.width,
        };
        cells.push({ font: font.name, css: font.css, char, x, y, ascent, left });
        x += w;
        rowHeight = Math.max(rowHeight, h);
      }
    }
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = y + rowHeight;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    for (const cell of cells) {
      context.font = cell.css;
      context.fillText(cell.char, cell.x + cell.left, cell.y + cell.ascent);
    }
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const alpha = Array.from(
      { length: canvas.width * canvas.height },
      (_, i) => pixels[i * 4 + 3]!,
    );
    return { width: canvas.width, height: canvas.height, alpha, fonts: placed };
  }, FONTS);
  const dir = path.join(root, 'server', 'src', 'static', 'og-image');
  const image = {
    width: atlas.width,
    height: atlas.height,
    channels: 1 as const,
    data: Uint8Array.from(atlas.alpha),
  };
  writeFileSync(path.join(dir, 'glyphs.png'), encodePng(image, 9));
  writeFileSync(path.join(dir, 'glyphs.json'), `${JSON.stringify({ fonts: atlas.fonts })}\n`);
  console.log(
    `server/src/static/og-image/glyphs.png (${atlas.width}x${atlas.height}) and glyphs.json`,
  );
} finally {
  await browser.close();
}
