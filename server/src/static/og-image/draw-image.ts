import { readFileSync } from 'node:fs';
import { formatDrawDay } from '../../../../src/shared/draw-address.ts';
import { hourLabel } from '../../../../src/shared/lottery-clock.ts';
import { ballColors } from '../../../../src/shared/digit-balls.ts';
import { decodePng, encodePng } from '../../lib/png.ts';
import { Canvas, drawText, rgb, type Font, type GlyphAtlas } from '../../lib/raster.ts';
import { OG_LOOK } from './look.ts';

/** The font masks scripts/make-og-image.ts rendered in Chromium, read once per process. */
export function loadGlyphAtlas(): GlyphAtlas {
  const image = decodePng(readFileSync(new URL('./glyphs.png', import.meta.url)));
  const { fonts } = JSON.parse(readFileSync(new URL('./glyphs.json', import.meta.url), 'utf8')) as {
    fonts: Record<string, Font>;
  };
  return { image, fonts };
}

export interface DrawImageContent {
  date: string;
  hour: number;
  /** Four digits, published. */
  prize: string;
  /**
   * The language-neutral image for pages in a language other than English: the date as
   * `2026-11-23`, the time and the balls, no words (the atlas has Latin glyphs only, and Thai
   * and Lao would need a shaper; the page's translated title and alt text carry the words).
   */
  plain?: boolean;
}

const BALL_RADIUS = 92;
const BALL_GAP = 40;
const RING = 6;
const BALL_Y = 360;

const SHADOW = { dy: 8, softness: 14 };
const TILE_HALF = BALL_RADIUS + SHADOW.dy + SHADOW.softness;

/** One ball with its digit, on the page's blue: the same ten tiles serve every image. */
function ballTile(atlas: GlyphAtlas, digit: string): Canvas {
  const colors = ballColors(digit);
  const size = 2 * TILE_HALF;
  const tile = new Canvas(size, size, rgb(OG_LOOK.background));
  const c = TILE_HALF;
  // A soft shadow below, as the site's balls have (`shadow-sm`), then the ring and the ball.
  tile.disc(c, c + SHADOW.dy, BALL_RADIUS, [0, 0, 0], 0.3, SHADOW.softness);
  tile.disc(c, c, BALL_RADIUS, rgb(OG_LOOK.ringOf(digit)));
  tile.disc(c, c, BALL_RADIUS - RING, rgb(colors.background));
  const glyph = atlas.fonts.ball!.glyphs[digit]!;
  // Centred on the ink, not the advance: optically centred whatever the digit's bearings.
  tile.mask(
    atlas.image,
    glyph,
    Math.round(c - glyph.w / 2),
    Math.round(c - glyph.h / 2),
    rgb(colors.text),
  );
  return tile;
}

const tiles = new WeakMap<GlyphAtlas, Map<string, Canvas>>();

function ball(canvas: Canvas, atlas: GlyphAtlas, digit: string, cx: number): void {
  let ofAtlas = tiles.get(atlas);
  if (!ofAtlas) tiles.set(atlas, (ofAtlas = new Map()));
  let tile = ofAtlas.get(digit);
  if (!tile) ofAtlas.set(digit, (tile = ballTile(atlas, digit)));
  canvas.paste(tile, Math.round(cx - TILE_HALF), BALL_Y - TILE_HALF);
}

interface TextLine {
  font: 'title' | 'text';
  text: string;
  baseline: number;
  color: 'white' | 'muted';
}

/** The words above and below the balls; the plain image's are digits, `-` and `:` only. */
export function drawImageLines({ date, hour, plain }: DrawImageContent): {
  above: TextLine[];
  below: TextLine[];
} {
  if (plain)
    return {
      above: [
        { font: 'title', text: date, baseline: 140, color: 'white' },
        { font: 'text', text: hourLabel(hour), baseline: 200, color: 'muted' },
      ],
      below: [],
    };
  return {
    above: [
      { font: 'title', text: formatDrawDay(date), baseline: 140, color: 'white' },
      {
        font: 'text',
        text: `First prize of the ${hourLabel(hour)} draw`,
        baseline: 200,
        color: 'muted',
      },
    ],
    below: [{ font: 'text', text: 'Hourly lottery results', baseline: 560, color: 'muted' }],
  };
}

/**
 * A draw's preview image, 1200x630 (Open Graph's recommended size): its day and hour and its
 * four digits on the site's balls, and no other number, so a chat preview shows exactly one.
 */
export function renderDrawImage(atlas: GlyphAtlas, content: DrawImageContent): Buffer {
  const { prize } = content;
  if (!/^\d{4}$/.test(prize)) throw new RangeError('a prize is four digits');
  const { width, height } = OG_LOOK;
  const canvas = new Canvas(width, height, rgb(OG_LOOK.background));
  const colors = { white: rgb('#ffffff'), muted: rgb(OG_LOOK.muted) };
  const fonts = atlas.fonts as Record<TextLine['font'], Font>;
  const write = (lines: TextLine[]) => {
    for (const { font, text, baseline, color } of lines)
      drawText(canvas, atlas, fonts[font], text, width / 2, baseline, colors[color]);
  };
  const { above, below } = drawImageLines(content);
  write(above);
  const span = 4 * 2 * BALL_RADIUS + 3 * BALL_GAP;
  [...prize].forEach((digit, i) =>
    ball(
      canvas,
      atlas,
      digit,
      width / 2 - span / 2 + BALL_RADIUS + i * (2 * BALL_RADIUS + BALL_GAP),
    ),
  );
  write(below);
  return encodePng(canvas.image());
}
