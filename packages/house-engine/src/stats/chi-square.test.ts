import { describe, expect, it } from 'vitest';
import { chiSquareUniform, upperGammaQ } from './chi-square.js';

describe('chi-square', () => {
  it('matches published critical values', () => {
    // χ²(0.95, df 9) = 16.919, χ²(0.99, df 99) = 134.642, χ²(0.999, df 1) = 10.828
    expect(upperGammaQ(9 / 2, 16.919 / 2)).toBeCloseTo(0.05, 4);
    expect(upperGammaQ(99 / 2, 134.642 / 2)).toBeCloseTo(0.01, 4);
    expect(upperGammaQ(1 / 2, 10.828 / 2)).toBeCloseTo(0.001, 5);
  });

  it('scores perfectly even counts as p = 1 and a lopsided one as p ≈ 0', () => {
    expect(chiSquareUniform([100, 100, 100, 100]).pValue).toBe(1);
    const skewed = chiSquareUniform([1000, 100, 100, 100]);
    expect(skewed.statistic).toBeCloseTo(607_500 / 325, 9);
    expect(skewed.pValue).toBeLessThan(1e-100);
  });
});
