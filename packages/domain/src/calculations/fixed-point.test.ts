import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXACT_LIMIT,
  applyRatio,
  applyRatioBig,
  formatKopecks,
  formatScaledBig,
  ratio,
  roundCertified,
  roundHalfUpDiv,
  roundHalfUpDivBig,
  toScaled,
} from './fixed-point';

describe('toScaled', () => {
  it('reads decimals as exact integers of the scale', () => {
    expect(toScaled(7.5, 100)).toBe(750);
    expect(toScaled(0.29, 100)).toBe(29); // 0.29 × 100 is 28.999999999999996 in floats
    expect(toScaled(1.15, 100)).toBe(115);
    expect(toScaled(7.7, 10)).toBe(77);
    expect(toScaled(1_000_000_000_000, 100)).toBe(100_000_000_000_000);
    expect(toScaled(999_999_999.99, 100)).toBe(99_999_999_999);
    expect(toScaled(0, 100)).toBe(0);
    expect(Object.is(toScaled(-0, 100), 0)).toBe(true);
  });

  it('refuses what no scaled integer holds: negatives, NaN, infinities, extra decimals, 16 digits', () => {
    expect(toScaled(-0.01, 100)).toBe(-1);
    expect(toScaled(Number.NaN, 100)).toBe(-1);
    expect(toScaled(Number.POSITIVE_INFINITY, 100)).toBe(-1);
    expect(toScaled(0.125, 100)).toBe(-1);
    expect(toScaled(7.75, 10)).toBe(-1);
    expect(toScaled(2.5, 1)).toBe(-1);
    expect(toScaled(10_000_000_000_000, 100)).toBe(-1);
  });

  it('round-trips every two-decimal amount up to 10^13', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (kopecks) => {
        expect(toScaled(kopecks / 100, 100)).toBe(kopecks);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('roundHalfUpDiv', () => {
  it('rounds half-up, exactly', () => {
    expect(roundHalfUpDiv(5, 10)).toBe(1);
    expect(roundHalfUpDiv(4, 10)).toBe(0);
    expect(roundHalfUpDiv(15, 10)).toBe(2);
    expect(roundHalfUpDiv(14_999, 10_000)).toBe(1);
    expect(roundHalfUpDiv(0, 7)).toBe(0);
  });

  it('agrees with BigInt for any n ≤ 2^52', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: EXACT_LIMIT }),
        fc.integer({ min: 1, max: EXACT_LIMIT }),
        (n, d) => {
          expect(BigInt(roundHalfUpDiv(n, d))).toBe(roundHalfUpDivBig(BigInt(n), BigInt(d)));
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('roundCertified', () => {
  it('decides clear cases and leaves near-halves and exact halves to BigInt', () => {
    expect(roundCertified(2.4)).toBe(2);
    expect(roundCertified(2.6)).toBe(3);
    expect(roundCertified(0.2)).toBe(0);
    expect(roundCertified(2.5)).toBe(-1);
    expect(roundCertified(6.5 * (1 + 2 ** -52))).toBe(-1);
    expect(roundCertified(2 ** 45)).toBe(-1);
  });
});

describe('applyRatio', () => {
  it('rounds amount × num / den half-up, including exact ties', () => {
    // 147 kopecks × 5/14 = 52.5 kopecks, an exact tie: 53.
    expect(applyRatio(147, ratio(5n, 14n))).toBe(53);
    // 13172 kopecks × 0.08 = 1053.76 → 1054.
    expect(applyRatio(13_172, ratio(1_776_000n, 22_200_000n))).toBe(1054);
    expect(applyRatio(13_172, ratio(0n, 5n))).toBe(0);
    expect(applyRatio(13_172, ratio(5n, 0n))).toBe(0);
  });

  it('agrees with BigInt on any ratio of large integers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        (amount, num, den) => {
          const r = ratio(num, den);
          const exact = applyRatioBig(BigInt(amount), r);
          const fast = applyRatio(amount, r);
          expect(fast < 0 ? exact > BigInt(EXACT_LIMIT) : BigInt(fast) === exact).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('agrees with BigInt on large amounts where ties are frequent (small denominators)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 44 }),
        fc.bigInt({ min: 0n, max: 1000n }),
        fc.bigInt({ min: 1n, max: 1000n }),
        (amount, num, den) => {
          const r = ratio(num, den);
          const fast = applyRatio(amount, r);
          const exact = applyRatioBig(BigInt(amount), r);
          expect(fast < 0 ? exact > BigInt(EXACT_LIMIT) : BigInt(fast) === exact).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('agrees with BigInt where ties are frequent (small denominators)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.bigInt({ min: 0n, max: 400n }),
        fc.bigInt({ min: 1n, max: 400n }),
        (amount, num, den) => {
          const r = ratio(num, den);
          expect(BigInt(applyRatio(amount, r))).toBe(applyRatioBig(BigInt(amount), r));
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('formatting', () => {
  it('writes kopecks as UAH with two decimals', () => {
    expect(formatKopecks(24_334)).toBe('243.34');
    expect(formatKopecks(5)).toBe('0.05');
    expect(formatKopecks(0)).toBe('0.00');
    expect(formatKopecks(100)).toBe('1.00');
    expect(formatKopecks(EXACT_LIMIT)).toBe('45035996273704.96');
  });

  it('writes scaled BigInts with the given decimals', () => {
    expect(formatScaledBig(336_897n, 4)).toBe('33.6897');
    expect(formatScaledBig(5n, 2)).toBe('0.05');
    expect(formatScaledBig(0n, 4)).toBe('0.0000');
    expect(formatScaledBig(-125n, 2)).toBe('-1.25');
    expect(formatScaledBig(10n ** 40n, 2)).toBe(`1${'0'.repeat(38)}.00`);
  });
});
