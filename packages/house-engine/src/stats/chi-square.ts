// Pearson's chi-square goodness-of-fit against equal expected counts, with its exact p-value (regularised
// upper incomplete gamma function, Numerical Recipes §6.2). Used by the RNG tests and the bench.

export interface ChiSquare {
  statistic: number;
  degreesOfFreedom: number;
  /** Probability of a statistic at least this large if the counts were truly uniform. */
  pValue: number;
}

export function chiSquareUniform(counts: ArrayLike<number>): ChiSquare {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i] ?? 0;
  const expected = total / counts.length;
  let statistic = 0;
  for (let i = 0; i < counts.length; i++) statistic += ((counts[i] ?? 0) - expected) ** 2 / expected;
  const degreesOfFreedom = counts.length - 1;
  return { statistic, degreesOfFreedom, pValue: upperGammaQ(degreesOfFreedom / 2, statistic / 2) };
}

/** Q(a, x) = Γ(a, x) / Γ(a). */
export function upperGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) return 1 - lowerSeries(a, x);
  return upperContinuedFraction(a, x);
}

const EPSILON = 1e-15;
const MAX_ITERATIONS = 10_000;

function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

function upperContinuedFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** Lanczos approximation (g = 7, n = 9), accurate to ~15 digits for a > 0. */
function logGamma(a: number): number {
  const g = 7;
  const coefficients = [
    0.999_999_999_999_809_9, 676.520_368_121_885_1, -1259.139_216_722_402_8, 771.323_428_777_653_1, -176.615_029_162_140_6,
    12.507_343_278_686_905, -0.138_571_095_265_720_12, 9.984_369_578_019_571_6e-6, 1.505_632_735_149_311_6e-7,
  ];
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - logGamma(1 - a);
  const z = a - 1;
  let sum = coefficients[0] ?? 0;
  for (let i = 1; i < g + 2; i++) sum += (coefficients[i] ?? 0) / (z + i);
  const t = z + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}
