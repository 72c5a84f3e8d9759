import type { RawImage } from './png.ts';

/**
 * Just enough of a 2D rasteriser for the preview images: an RGB canvas, anti-aliased discs and
 * text from a pre-rendered glyph atlas (alpha masks), all in plain typed-array loops.
 */
export type Rgb = readonly [number, number, number];

export function rgb(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new RangeError(`Not a #rrggbb colour: ${hex}`);
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

/** One glyph's mask in the atlas, and where it sits against the pen and the baseline. */
export interface Glyph {
  x: number;
  y: number;
  w: number;
  h: number;
  /** From the pen's x to the mask's left edge. */
  left: number;
  /** From the mask's top edge down to the baseline. */
  top: number;
  advance: number;
}

export interface Font {
  size: number;
  glyphs: Record<string, Glyph>;
}

/** Greyscale masks (`channels` 1, 255 = ink) and the fonts that index them. */
export interface GlyphAtlas {
  image: RawImage;
  fonts: Record<string, Font>;
}

export class Canvas {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.data = new Uint8Array(width * height * 3);
    this.data.set(background, 0);
    // Doubling copies: a flat fill in ~20 memcpy calls rather than a million writes.
    for (let filled = 3; filled < this.data.length; filled *= 2)
      this.data.copyWithin(filled, 0, Math.min(filled, this.data.length - filled));
  }

  /** Mixes `color` into one pixel with `alpha` (0-1); off-canvas pixels are ignored. */
  blend(x: number, y: number, color: Rgb, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    const data = this.data;
    if (alpha >= 1) {
      data[i] = color[0];
      data[i + 1] = color[1];
      data[i + 2] = color[2];
      return;
    }
    // Typed-array stores round by truncation: + 0.5 rounds to nearest.
    data[i] = data[i]! + (color[0] - data[i]!) * alpha + 0.5;
    data[i + 1] = data[i + 1]! + (color[1] - data[i + 1]!) * alpha + 0.5;
    data[i + 2] = data[i + 2]! + (color[2] - data[i + 2]!) * alpha + 0.5;
  }

  /**
   * A disc centred on (cx, cy). Its edge is `softness` pixels wide (1 is plain anti-aliasing,
   * more is a blurred shadow); `opacity` scales the whole disc. Only the disc's bounding box is
   * visited, and each row only between its edges.
   */
  disc(cx: number, cy: number, r: number, color: Rgb, opacity = 1, softness = 1): void {
    const reach = r + softness;
    const y0 = Math.max(0, Math.floor(cy - reach));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + reach));
    for (let y = y0; y <= y1; y++) {
      const dy = y + 0.5 - cy;
      const half = Math.sqrt(Math.max(0, reach * reach - dy * dy));
      const x0 = Math.max(0, Math.floor(cx - half));
      const x1 = Math.min(this.width - 1, Math.ceil(cx + half));
      // Pixels whose centre lies within r - softness/2 are fully covered: no distance needed.
      const inner = r - softness / 2;
      const innerHalf = inner > Math.abs(dy) ? Math.sqrt(inner * inner - dy * dy) : -1;
      const i0 = innerHalf < 0 ? x1 + 1 : Math.max(x0, Math.ceil(cx - innerHalf - 0.5));
      const i1 = innerHalf < 0 ? x1 : Math.min(x1, Math.floor(cx + innerHalf - 0.5));
      for (let x = i0; x <= i1; x++) this.blend(x, y, color, opacity);
      for (let x = x0; x <= x1; x++) {
        if (x === i0 && i1 >= i0) x = i1 + 1;
        if (x > x1) break;
        const dx = x + 0.5 - cx;
        const coverage = (r - Math.sqrt(dx * dx + dy * dy)) / softness + 0.5;
        if (coverage > 0) this.blend(x, y, color, (coverage >= 1 ? 1 : coverage) * opacity);
      }
    }
  }

  /** Inks an atlas mask at (x, y), its top-left corner, in `color`. */
  mask(atlas: RawImage, glyph: Glyph, x: number, y: number, color: Rgb): void {
    for (let row = 0; row < glyph.h; row++) {
      const from = (glyph.y + row) * atlas.width + glyph.x;
      for (let col = 0; col < glyph.w; col++) {
        const ink = atlas.data[from + col]!;
        if (ink) this.blend(x + col, y + row, color, ink / 255);
      }
    }
  }

  /** Copies all of `source` with its top-left corner at (x, y), clipped to this canvas. */
  paste(source: Canvas, x: number, y: number): void {
    const left = Math.max(0, -x);
    const right = Math.min(source.width, this.width - x);
    if (right <= left) return;
    for (let row = Math.max(0, -y); row < source.height && y + row < this.height; row++) {
      const from = (row * source.width + left) * 3;
      this.data.set(
        source.data.subarray(from, from + (right - left) * 3),
        ((y + row) * this.width + x + left) * 3,
      );
    }
  }

  image(): RawImage {
    return { width: this.width, height: this.height, channels: 3, data: this.data };
  }
}

/** The pen advance of `text` in `font`; characters the atlas lacks are left out. */
export function textWidth(font: Font, text: string): number {
  let width = 0;
  for (const char of text) width += font.glyphs[char]?.advance ?? 0;
  return width;
}

/** Writes `text` centred on `centerX`, on the baseline `baseline`. */
export function drawText(
  canvas: Canvas,
  atlas: GlyphAtlas,
  font: Font,
  text: string,
  centerX: number,
  baseline: number,
  color: Rgb,
): void {
  let pen = centerX - textWidth(font, text) / 2;
  for (const char of text) {
    const glyph = font.glyphs[char];
    if (!glyph) continue;
    canvas.mask(
      atlas.image,
      glyph,
      Math.round(pen + glyph.left),
      Math.round(baseline - glyph.top),
      color,
    );
    pen += glyph.advance;
  }
}
