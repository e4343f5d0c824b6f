import ExcelJS from 'exceljs';
import {
  BED_BANDS,
  COMPARISON_ARTICLES,
  HIDDEN_REASON_TEXTS,
  standingText,
  type BenchmarkService,
  type TariffBenchmark,
} from '@medcalc/domain';

const HEADERS = [
  'Послуга',
  'Ваш тариф, грн',
  'Закладів',
  '25-й процентиль, грн',
  'Медіана, грн',
  '75-й процентиль, грн',
  'Ваш процентиль',
  ...COMPARISON_ARTICLES.flatMap((article) => [
    `${article.label}: медіана, %`,
    `${article.label}: ваш заклад, %`,
  ]),
  'Примітка',
];

const rowOf = (service: BenchmarkService): Array<string | number | null> => {
  const { statistics } = service;
  const ourTariff = service.ourTariff === null ? null : Number(service.ourTariff);
  if (!statistics)
    return [
      service.name,
      ourTariff,
      ...Array<null>(5 + COMPARISON_ARTICLES.length * 2).fill(null),
      service.hidden ? HIDDEN_REASON_TEXTS[service.hidden] : '',
    ];
  return [
    service.name,
    ourTariff,
    statistics.n,
    statistics.p25,
    statistics.median,
    statistics.p75,
    standingText(statistics),
    ...statistics.articles.flatMap((article) => [article.median, article.ours]),
    '',
  ];
};

/**
 * The comparison as an .xlsx (issue 41): the filters on top, then one row per service with exactly what the page
 * shows — n, the quartiles and median in whole hryvnias, where our tariff stands against them, each article's median share beside ours.
 */
export async function benchmarkWorkbook(
  benchmark: TariffBenchmark,
): Promise<{ fileName: string; xlsx: Buffer }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Порівняння тарифів');
  const size = BED_BANDS.find((band) => band.value === benchmark.filters.size)?.label;
  sheet.addRow([`Область: ${benchmark.filters.oblast ?? 'усі'}; розмір: ${size ?? 'будь-який'}`]);
  const header = sheet.addRow(HEADERS);
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  for (const service of benchmark.services) sheet.addRow(rowOf(service));
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 44 : index === HEADERS.length - 1 ? 48 : 14;
  });
  sheet.getColumn(2).numFmt = '#,##0.00';
  for (const column of [4, 5, 6]) sheet.getColumn(column).numFmt = '#,##0';
  sheet.views = [{ state: 'frozen', ySplit: 2, xSplit: 1 }];
  return {
    fileName: 'Порівняння тарифів.xlsx',
    xlsx: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
