import { ballColors, contrastRatio } from '../../../../src/shared/digit-balls.ts';

const BACKGROUND = '#1e3a8a';

/**
 * The preview images' look, shared by the generic image (scripts/make-og-image.ts, Chromium)
 * and the per-draw images (draw-image.ts, the stack's own rasteriser): the site header's blue
 * (`--header` in src/index.css) and the digit balls' colours (src/shared/digit-balls.ts).
 */
export const OG_LOOK = {
  width: 1200,
  height: 630,
  background: BACKGROUND,
  /** Secondary lines: Tailwind's blue-200, readable on the blue (WCAG AA for large text). */
  muted: '#bfdbfe',
  ballFontPx: 108,
  titleFontPx: 64,
  textFontPx: 38,
  /**
   * A ball's edge on the blue: its own border as on the site, or a white ring when the ball
   * itself is too close to the blue to stand out (graphics need 3:1, WCAG 1.4.11).
   */
  ringOf(digit: string): string {
    const colors = ballColors(digit);
    return contrastRatio(colors.background, BACKGROUND) >= 3 ? colors.border : '#ffffff';
  },
} as const;
