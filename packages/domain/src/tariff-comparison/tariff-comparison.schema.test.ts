import { describe, expect, it } from 'vitest';
import {
  TARIFF_COMPARISON_MESSAGES,
  bedBandOf,
  benchmarkSentence,
  institutionsWord,
  participationInputSchema,
  tariffBenchmarkSchema,
} from './tariff-comparison.schema';

describe('participationInputSchema', () => {
  it('needs an oblast to take part, none to leave', () => {
    const refused = participationInputSchema.safeParse({ participates: true, oblast: null });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['oblast'],
      message: TARIFF_COMPARISON_MESSAGES.oblastRequired,
    });
    expect(participationInputSchema.parse({ participates: true, oblast: 'Львівська' })).toEqual({
      participates: true,
      oblast: 'Львівська',
    });
    expect(participationInputSchema.safeParse({ participates: false, oblast: null }).success).toBe(
      true,
    );
    expect(
      participationInputSchema.safeParse({ participates: true, oblast: 'Нарнія' }).success,
    ).toBe(false);
  });
});

describe('bedBandOf', () => {
  it('puts 0–100 beds in the first band, and no beds in none', () => {
    expect(bedBandOf(0)).toBe('small');
    expect(bedBandOf(100)).toBe('small');
    expect(bedBandOf(101)).toBe('medium');
    expect(bedBandOf(300)).toBe('medium');
    expect(bedBandOf(301)).toBe('large');
    expect(bedBandOf(null)).toBeNull();
  });
});

describe('tariffBenchmarkSchema', () => {
  const answer = {
    filters: { oblast: null, size: null },
    services: [
      {
        templateId: 1,
        name: 'УЗД',
        ourTariff: '279.84',
        statistics: null,
        hidden: 'too-few',
      },
    ],
  };

  it('is a whitelist: no other field passes (no minimum, maximum or institution)', () => {
    expect(tariffBenchmarkSchema.parse(answer)).toEqual(answer);
    const withMinimum = {
      ...answer,
      services: [
        {
          ...answer.services[0],
          hidden: null,
          statistics: {
            n: 5,
            median: 1,
            p25: 1,
            p75: 1,
            ourPosition: null,
            ourPercentile: null,
            articles: [],
            min: 1,
          },
        },
      ],
    };
    expect(tariffBenchmarkSchema.safeParse(withMinimum).success).toBe(false);
    const withCompany = { ...answer, services: [{ ...answer.services[0], companyId: 3 }] };
    expect(tariffBenchmarkSchema.safeParse(withCompany).success).toBe(false);
  });

  it('carries a position and, only as derived from the quartiles, a percentile of 25..75', () => {
    const withStanding = (ourPosition: unknown, ourPercentile: unknown) => ({
      ...answer,
      services: [
        {
          ...answer.services[0],
          hidden: null,
          statistics: { n: 5, median: 1, p25: 1, p75: 1, ourPosition, ourPercentile, articles: [] },
        },
      ],
    });
    const parses = (position: unknown, percentile: unknown) =>
      tariffBenchmarkSchema.safeParse(withStanding(position, percentile)).success;
    expect(parses('within', 25)).toBe(true);
    expect(parses('below', null)).toBe(true);
    expect(parses('within', 24)).toBe(false);
    expect(parses('within', 76)).toBe(false);
    expect(parses('lowest', null)).toBe(false);
  });
});

describe('benchmarkSentence', () => {
  const statistics = {
    n: 12,
    median: 310,
    p25: 270,
    p75: 350,
    ourPosition: 'within' as const,
    ourPercentile: 35,
    articles: [],
  };

  it('says the median, our tariff and its percentile the uk-UA way', () => {
    expect(benchmarkSentence({ statistics, ourTariff: '279.84' })).toBe(
      'Медіана 12 закладів: 310 грн; ваш тариф 279,84 — 35-й процентиль',
    );
    expect(
      benchmarkSentence({ statistics: { ...statistics, n: 22, median: 1250 }, ourTariff: null }),
    ).toBe('Медіана 22 заклади: 1\u00a0250 грн');
    expect(benchmarkSentence({ statistics: null, ourTariff: '279.84' })).toBeNull();
  });

  it('says only below P25 or above P75 outside the quartiles', () => {
    const below = { ...statistics, ourPosition: 'below' as const, ourPercentile: null };
    expect(benchmarkSentence({ statistics: below, ourTariff: '199.00' })).toBe(
      'Медіана 12 закладів: 310 грн; ваш тариф 199,00 — нижче 25-го процентиля',
    );
    const above = { ...statistics, ourPosition: 'above' as const, ourPercentile: null };
    expect(benchmarkSentence({ statistics: above, ourTariff: '400.00' })).toBe(
      'Медіана 12 закладів: 310 грн; ваш тариф 400,00 — вище 75-го процентиля',
    );
  });

  it('agrees the word with the count', () => {
    expect([1, 2, 5, 11, 14, 21, 24, 25, 111].map(institutionsWord)).toEqual([
      'заклад',
      'заклади',
      'закладів',
      'закладів',
      'закладів',
      'заклад',
      'заклади',
      'закладів',
      'закладів',
    ]);
  });
});
