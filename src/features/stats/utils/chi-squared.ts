/**
 * The p-value of a chi-squared statistic: the regularized upper incomplete gamma function
 * Q(df/2, x/2), by its series below a + 1 and its continued fraction above (Numerical Recipes,
 * "gammq"), with a Lanczos log-gamma. Enough for the fairness sentence: 9 degrees of freedom per
 * position (ten digits), 36 for the four positions together.
 */

const LANCZOS = [
  676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(z) for z > 0 (Lanczos, g = 7): about 15 significant digits. */
export function logGamma(z: number): number {
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const x = z - 1;
  let sum = 0.99999999999980993;
  LANCZOS.forEach((c, i) => (sum += c / (x + i + 1)));
  const t = x + LANCZOS.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}

const EPSILON = 1e-15;
const MAX_STEPS = 500;
const TINY = 1e-300;

/** P(a, x) by its series; converges fast for x < a + 1. */
function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_STEPS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

/** Q(a, x) by its continued fraction (modified Lentz); converges fast for x ≥ a + 1. */
function upperFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_STEPS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function. */
export function upperGammaQ(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) throw new RangeError(`Q(${a}, ${x}) is undefined`);
  if (x === 0) return 1;
  return x < a + 1 ? 1 - lowerSeries(a, x) : upperFraction(a, x);
}

/** The chance of a statistic at least this large if every digit were equally likely. */
export function chiSquaredPValue(statistic: number, degreesOfFreedom: number): number {
  return upperGammaQ(degreesOfFreedom / 2, statistic / 2);
}
