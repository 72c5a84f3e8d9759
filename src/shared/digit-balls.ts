/** The product's digit-ball colours, each with the text colour that reads best on it. */
export interface BallColors {
  name: string;
  background: string;
  text: string;
  border: string;
  /** The edge on a dark page: a ball as dark as the page gets a light ring so it stays a ball. */
  darkBorder: string;
}

const BLACK = '#000000';
const WHITE = '#ffffff';

/** The dark theme's card (`--card` in index.css), which balls sit on. */
export const DARK_CARD = '#0f172a';
const DARK_EDGE = '#cbd5e1';

const SPEC_COLORS: Record<string, Omit<BallColors, 'darkBorder'>> = {
  '0': { name: 'white', background: '#ffffff', text: BLACK, border: BLACK },
  '1': { name: 'yellow', background: '#facc15', text: BLACK, border: '#facc15' },
  '2': { name: 'blue', background: '#2563eb', text: WHITE, border: '#2563eb' },
  '3': { name: 'red', background: '#dc2626', text: WHITE, border: '#dc2626' },
  '4': { name: 'purple', background: '#7e22ce', text: WHITE, border: '#7e22ce' },
  '5': { name: 'orange', background: '#f97316', text: BLACK, border: '#f97316' },
  '6': { name: 'green', background: '#15803d', text: WHITE, border: '#15803d' },
  '7': { name: 'dark red', background: '#7f1d1d', text: WHITE, border: '#7f1d1d' },
  '8': { name: 'black', background: '#000000', text: WHITE, border: '#000000' },
  '9': { name: 'amber', background: '#f59e0b', text: BLACK, border: '#f59e0b' },
};

/** Graphics need 3:1 against what is next to them (WCAG 1.4.11). */
const edgeOnDark = (colors: Omit<BallColors, 'darkBorder'>) =>
  contrastRatio(colors.background, DARK_CARD) >= 3 ? colors.background : DARK_EDGE;

export const DIGIT_BALL_COLORS: Record<string, BallColors> = Object.fromEntries(
  Object.entries(SPEC_COLORS).map(([digit, colors]) => [
    digit,
    { ...colors, darkBorder: edgeOnDark(colors) },
  ]),
);

export function ballColors(digit: string): BallColors {
  const colors = DIGIT_BALL_COLORS[digit];
  if (!colors) throw new RangeError(`Not a digit: ${digit}`);
  return colors;
}

/** WCAG 2.2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new RangeError(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const c = parseInt(part, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2 contrast ratio between two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}
