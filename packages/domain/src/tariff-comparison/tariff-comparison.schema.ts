import { z } from '../common/zod';
import { formatMoney } from '../common/format-money';
import { ukrainianPlural } from '../common/text';
import {
  COMPARISON_ARTICLES,
  HIDDEN_REASONS,
  TARIFF_POSITIONS,
  type ComparisonArticle,
} from './tariff-statistics';

/*
 * Issue 41: taking part in the anonymous tariff comparison (the owner's switch on /company) and the comparison's
 * answers. The answers are strict whitelists: n, median and quartiles, our percentile and the median article shares
 * — never a name, a salary, a material's price, a minimum or a maximum.
 */

/** The regions an institution names when it takes part (the oblast filter). */
export const OBLASTS = [
  'Вінницька',
  'Волинська',
  'Дніпропетровська',
  'Донецька',
  'Житомирська',
  'Закарпатська',
  'Запорізька',
  'Івано-Франківська',
  'Київська',
  'Кіровоградська',
  'Луганська',
  'Львівська',
  'Миколаївська',
  'Одеська',
  'Полтавська',
  'Рівненська',
  'Сумська',
  'Тернопільська',
  'Харківська',
  'Херсонська',
  'Хмельницька',
  'Черкаська',
  'Чернівецька',
  'Чернігівська',
  'м. Київ',
  'Автономна Республіка Крим',
  'м. Севастополь',
] as const;
export type Oblast = (typeof OBLASTS)[number];

/** The size filter: bands of the institution's number of beds (its institution data), 0 beds in the first. */
export const BED_BANDS = [
  { value: 'small', label: 'до 100 ліжок', min: 0, max: 100 },
  { value: 'medium', label: '101–300 ліжок', min: 101, max: 300 },
  { value: 'large', label: 'понад 300 ліжок', min: 301, max: Number.POSITIVE_INFINITY },
] as const;
export type BedBand = (typeof BED_BANDS)[number]['value'];
const BED_BAND_VALUES = BED_BANDS.map((band) => band.value) as [BedBand, ...BedBand[]];

/** The band of a number of beds; null when the institution data has none. */
export function bedBandOf(beds: number | null | undefined): BedBand | null {
  if (beds === null || beds === undefined) return null;
  return BED_BANDS.find((band) => beds >= band.min && beds <= band.max)?.value ?? null;
}

export const TARIFF_COMPARISON_MESSAGES = {
  oblastRequired: 'Оберіть область закладу, щоб брати участь у порівнянні.',
  oblast: 'Оберіть область зі списку.',
  joined: 'Заклад бере участь у порівнянні тарифів.',
  left: 'Заклад більше не бере участі в порівнянні тарифів. Його дані вилучено з усіх порівнянь.',
  notParticipating:
    'Порівняння бачать лише заклади, що беруть у ньому участь. Увімкніть участь на сторінці «Заклад».',
} as const;

/** What is shared and what never is, as the /company switch explains it. */
export const TARIFF_COMPARISON_EXPLANATION = {
  shared:
    'Для кожної послуги, створеної з шаблону провайдера: затверджений тариф, частки статей витрат у собівартості, хвилини та рентабельність; а також область і кількість ліжок закладу.',
  never:
    'Назва закладу, назви послуг, посади й заробітні плати, ціни матеріалів та будь-які інші дані не передаються нікому.',
  rule: 'Цифру показано, лише якщо її складають щонайменше 5 інших закладів; мінімум і максимум не показуються ніколи. Порівняння бачать лише учасники; вихід з участі вилучає ваші дані одразу.',
} as const;

const oblastSchema = z.enum(OBLASTS, { error: TARIFF_COMPARISON_MESSAGES.oblast });

/** The owner's switch: taking part, and the oblast (required to take part). */
export const participationInputSchema = z
  .object({
    participates: z.boolean(),
    oblast: oblastSchema.nullable(),
  })
  .refine((value) => !value.participates || value.oblast !== null, {
    path: ['oblast'],
    message: TARIFF_COMPARISON_MESSAGES.oblastRequired,
  });
export type ParticipationInput = z.infer<typeof participationInputSchema>;

/** The switch as read: with the beds the size filter uses (from the institution data, read-only here). */
export const participationSchema = z.strictObject({
  participates: z.boolean(),
  oblast: oblastSchema.nullable(),
  beds: z.number().int().nonnegative().nullable(),
});
export type Participation = z.infer<typeof participationSchema>;

export const participationSavedSchema = z.strictObject({
  message: z.string(),
  data: participationSchema,
});

/** The comparison's filters: one oblast, one size band, both or none. */
export const benchmarkQuerySchema = z.object({
  oblast: oblastSchema.optional(),
  size: z.enum(BED_BAND_VALUES).optional(),
});
export type BenchmarkQuery = z.infer<typeof benchmarkQuerySchema>;

const ARTICLE_KEYS = COMPARISON_ARTICLES.map((article) => article.key) as [
  ComparisonArticle,
  ...ComparisonArticle[],
];

const whole = z.number().int();

/** The statistics of one template service among the others: whole hryvnias and whole percent. */
export const benchmarkStatisticsSchema = z.strictObject({
  n: whole.min(1),
  median: whole,
  p25: whole,
  p75: whole,
  /** Where our tariff stands against the shown P25 and P75 (null for the administrator or without our tariff). */
  ourPosition: z.enum(TARIFF_POSITIONS).nullable(),
  /** Only within the quartiles: interpolated from the shown P25, median and P75, never from the others' values. */
  ourPercentile: whole.min(25).max(75).nullable(),
  articles: z.array(
    z.strictObject({
      key: z.enum(ARTICLE_KEYS),
      median: whole,
      ours: whole.nullable(),
    }),
  ),
});
export type BenchmarkStatistics = z.infer<typeof benchmarkStatisticsSchema>;

/** One template service of the comparison: the statistics, or why they are hidden. */
export const benchmarkServiceSchema = z.strictObject({
  templateId: z.number().int(),
  /** The template's name (the provider's, not the institution's). */
  name: z.string(),
  /** Our approved tariff, UAH with two decimals; null in the administrator's view. */
  ourTariff: z.string().nullable(),
  statistics: benchmarkStatisticsSchema.nullable(),
  hidden: z.enum(HIDDEN_REASONS).nullable(),
});
export type BenchmarkService = z.infer<typeof benchmarkServiceSchema>;

export const tariffBenchmarkSchema = z.strictObject({
  filters: z.strictObject({
    oblast: oblastSchema.nullable(),
    size: z.enum(BED_BAND_VALUES).nullable(),
  }),
  services: z.array(benchmarkServiceSchema),
});
export type TariffBenchmark = z.infer<typeof tariffBenchmarkSchema>;

/**
 * The comparison of one order's services (the wizard's step 5): each service of the order made from a template
 * that the caller's comparison has, by calculation id, with that template's line of the comparison. A company not
 * taking part gets no services (no error: the wizard simply shows no line).
 */
export const orderBenchmarkSchema = z.strictObject({
  services: z.array(benchmarkServiceSchema.extend({ calculationId: z.number().int() })),
});
export type OrderBenchmark = z.infer<typeof orderBenchmarkSchema>;

/** «заклад», «заклади», «закладів» after a count, as Ukrainian agrees them. */
export const institutionsWord = (count: number): string =>
  ukrainianPlural(count, ['заклад', 'заклади', 'закладів']);

/**
 * Our standing in words, as the page's table, the XLSX export and the sentence say it: «35-й процентиль», «нижче
 * 25-го процентиля» or «вище 75-го процентиля»; null without a tariff of ours placed.
 */
export function standingText(
  statistics: Pick<BenchmarkStatistics, 'ourPosition' | 'ourPercentile'>,
): string | null {
  switch (statistics.ourPosition) {
    case 'below':
      return 'нижче 25-го процентиля';
    case 'above':
      return 'вище 75-го процентиля';
    case 'within':
      return statistics.ourPercentile === null ? null : `${statistics.ourPercentile}-й процентиль`;
    default:
      return null;
  }
}

/**
 * One service's comparison in a sentence, as the page's chart caption and the wizard's step 5 say it: «Медіана 12
 * закладів: 310 грн; ваш тариф 279,84 — 35-й процентиль» (or «— нижче 25-го процентиля»). Null when its statistics
 * are hidden.
 */
export function benchmarkSentence(service: Pick<BenchmarkService, 'statistics' | 'ourTariff'>) {
  const { statistics, ourTariff } = service;
  if (!statistics) return null;
  const median = `Медіана ${statistics.n} ${institutionsWord(statistics.n)}: ${formatMoney(statistics.median, 0)} грн`;
  const standing = standingText(statistics);
  if (ourTariff === null || standing === null) return median;
  return `${median}; ваш тариф ${formatMoney(ourTariff)} — ${standing}`;
}
