import type { Locator } from '@playwright/test';
import { contrastRatio } from '../../src/shared/digit-balls.ts';

/**
 * Colours as Chromium computed them, turned into #rrggbb by painting them on a canvas (computed
 * styles may be rgb(), oklch() or color(srgb …)), for WCAG contrast checks on the real page.
 */
export interface FocusColors {
  /** The focus indicator: the outline, or a box-shadow ring when there is no outline. */
  ring: string;
  /** What the indicator sits on: the nearest ancestor's opaque background. */
  around: string;
  /** The element's own background (transparent elements report what is around them). */
  own: string;
}

const toHexSource = `(color) => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  ctx.clearRect(0, 0, 1, 1);
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
  if (a === 0) return null;
  return '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
}`;

/** The colours of the focus indicator of the (focused) element and of what is around it. */
export async function focusColors(element: Locator): Promise<FocusColors> {
  // Colours are read once settled: `transition-colors` also fades the outline in (150 ms), and a
  // colour read mid-fade is neither the old one nor the one the visitor ends up seeing. The
  // locator is asked again after each wait, and when what it found has lost the focus: the
  // element can change meanwhile (History's date picker takes its stand-in's focus when its code
  // arrives), and a fade cut short rejects.
  for (let round = 0; round < 20; round += 1) {
    const colors = await element.evaluate(async (el, source) => {
      // Replaced after the locator found it (a detached element has no computed style).
      if (!el.matches(':focus')) return null;
      const running = el.getAnimations();
      if (running.length > 0) {
        await Promise.allSettled(running.map((animation) => animation.finished));
        return null;
      }
      const toHex = new Function(`return ${source}`)() as (color: string) => string | null;
      const backgroundOf = (from: Element | null) => {
        for (let node = from; node; node = node.parentElement) {
          const hex = toHex(getComputedStyle(node).backgroundColor);
          if (hex) return hex;
        }
        return toHex(getComputedStyle(document.body).backgroundColor) ?? '#ffffff';
      };
      const style = getComputedStyle(el);
      const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      // A Tailwind ring is the last colour in box-shadow ("… rgb(37, 99, 235) 0px 0px 0px 2px").
      const shadowColor = /(rgba?\([^)]*\)|oklch\([^)]*\)|color\([^)]*\))[^,]*$/.exec(
        style.boxShadow,
      )?.[1];
      const ring = hasOutline ? toHex(style.outlineColor) : shadowColor ? toHex(shadowColor) : null;
      return {
        ring: ring ?? 'none',
        around: backgroundOf(el.parentElement),
        own: backgroundOf(el),
      };
    }, toHexSource);
    if (colors) return colors;
  }
  throw new Error('the element never kept the focus with nothing running');
}

/** The text and background colours of a digit ball, and the edge, as rendered. */
export async function ballColorsOf(ball: Locator) {
  return ball.evaluate((el, source) => {
    const toHex = new Function(`return ${source}`)() as (color: string) => string;
    const style = getComputedStyle(el);
    let card = '#ffffff';
    for (let node = el.parentElement; node; node = node.parentElement) {
      const hex = toHex(getComputedStyle(node).backgroundColor);
      if (hex) {
        card = hex;
        break;
      }
    }
    return {
      text: toHex(style.color),
      background: toHex(style.backgroundColor),
      edge: toHex(style.borderTopColor),
      card,
    };
  }, toHexSource);
}

export { contrastRatio };
