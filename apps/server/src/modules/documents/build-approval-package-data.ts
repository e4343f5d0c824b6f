import {
  APPROVAL_PACKAGE_DOCUMENT,
  approverOf,
  capText,
  costStructure,
  exceedsProfitabilityCap,
  formatIsoDate,
  formatMoney,
  formatPercent,
  type ApprovalSettings,
  type Approver,
  ukrainianPlural,
} from '@medcalc/domain';
import { buildComparisonData, type ComparisonSource } from './build-comparison-data';
import type { SignatureLine } from './approval-line';
import { VAT_EXEMPT_TEXT, buildOrderListData } from './build-order-list-data';
import { buildServiceCostingData, type ServiceCostingData } from './build-service-costing-data';
import { institutionNameOf, type OrderDocumentSource } from './document-source';
import { buildPageHeading, type PageHeading } from './page-heading';

/*
 * Issue 35: the approval package of a revision — the founder's draft decision (or the director's order), annex 1
 * (the price list), annex 2 (the калькуляції) and the explanatory note. Built once as data, laid out both as a PDF
 * (render-approval-package.ts) and as a Word file (render-approval-docx.ts), so the two say the same. Every figure
 * comes from the builders of the other documents: the прейскурант's (`buildOrderListData`), the калькуляція's
 * (`buildServiceCostingData`), the comparison's (`buildComparisonData`), and the domain's `costStructure` over the
 * stored results.
 */

/** The decision that approved the tariffs in force, named in the draft's «втратило чинність» point. */
export interface DecisionInForce {
  approver: Approver;
  number: string;
  date: string;
}

/** What the package is made of. */
export interface ApprovalPackageSource {
  source: OrderDocumentSource;
  settings: ApprovalSettings;
  /** The comparison with the revision before (from the second revision on), else null. */
  comparison: ComparisonSource | null;
  /** The latest recorded approval of an earlier revision, else the settings' decision in force, else null. */
  inForce: DecisionInForce | null;
  /** Whether annex 2 (the калькуляції) is in the package. */
  withCostings: boolean;
}

/** A table as both layouts print it: its column titles, its rows, and which columns hold amounts. */
export interface PackageTable {
  columns: string[];
  rows: string[][];
  /** Indexes of the right-aligned (amount) columns. */
  amountColumns: number[];
  /** A bold last line (the totals), or null. */
  total: string[] | null;
}

export interface ApprovalPackageData {
  heading: PageHeading;
  documentTitle: string;
  decision: {
    draftMark: string;
    bodyName: string;
    heading: string;
    dateLine: string;
    place: string;
    title: string;
    preamble: string;
    points: string[];
    signature: SignatureLine;
  };
  annex1: { caption: string[]; title: string; note: string; table: PackageTable };
  annex2: { caption: string[]; title: string; costings: ServiceCostingData[] } | null;
  note: {
    title: string;
    subtitle: string;
    reasonsTitle: string;
    reasons: string[];
    tariffsTitle: string;
    tariffs: PackageTable;
    structureTitle: string;
    structure: PackageTable;
    profitabilityTitle: string;
    profitability: string[];
    signatures: SignatureLine[];
    executor: string;
  };
}

/** The blank the founder's office fills in: date and number of the decision. */
const BLANK_DATE = '«___» ____________ 20___ р.';
const BLANK_NUMBER = '№ _____';

/** Who signs the draft: the head of the council the body belongs to, or the director for an order. */
export function signatoryOf(settings: Pick<ApprovalSettings, 'approver' | 'bodyName'>): string {
  if (settings.approver === 'director_order') return 'Директор';
  const body = settings.bodyName.toLocaleLowerCase('uk-UA');
  if (body.includes('обласн')) return 'Голова обласної ради';
  if (body.includes('районн')) return 'Голова районної ради';
  if (body.includes('селищн')) return 'Селищний голова';
  if (body.includes('сільськ')) return 'Сільський голова';
  return 'Міський голова';
}

/** How the preamble ends: who decides, and the decision's verb. */
function resolution(approver: Approver): string {
  if (approver === 'director_order') return 'НАКАЗУЮ:';
  if (approver === 'council') return 'рада ВИРІШИЛА:';
  return 'виконавчий комітет ради ВИРІШИВ:';
}

/** The draft's points: set the tariffs, the earlier decision ceases, publish, who controls. */
function pointsOf(data: ApprovalPackageSource, institution: string): string[] {
  const { settings, inForce, withCostings } = data;
  const act = approverOf(settings.approver).act;
  const ceased = inForce
    ? [
        `Визнати таким, що ${inForce.approver === 'director_order' ? 'втратив' : 'втратило'} чинність, ${approverOf(inForce.approver).act} ${approverOf(inForce.approver).genitive} від ${formatIsoDate(inForce.date)} № ${inForce.number} «Про встановлення тарифів на платні медичні послуги».`,
      ]
    : [];
  const control =
    settings.approver === 'director_order'
      ? 'Контроль за виконанням цього наказу залишаю за собою.'
      : `Контроль за виконанням цього ${act} покласти на заступника ${signatoryOf(settings) === 'Міський голова' ? 'міського голови' : 'голови'} відповідно до розподілу обов’язків.`;
  return [
    `Встановити тарифи на платні медичні послуги, що надаються ${institution}, згідно з додатком 1${withCostings ? ' (калькуляції вартості — додаток 2)' : ''}.`,
    ...ceased,
    `${institution} оприлюднити тарифи, встановлені пунктом 1, на своєму вебсайті та в місцях надання послуг.`,
    control,
  ].map((text, index) => `${index + 1}. ${text}`);
}

/** «Додаток 1 / до рішення виконавчого комітету / «___» … № ___» — an annex's caption at the top right. */
function annexCaption(number: number, approver: Approver): string[] {
  const words = approverOf(approver);
  return [
    `Додаток ${number}`,
    `до ${words.act === 'наказ' ? 'наказу' : 'рішення'} ${words.genitive}`,
    `від ${BLANK_DATE} ${BLANK_NUMBER}`,
  ];
}

/** Annex 1: the прейскурант's rows (code, service, unit, tariff без ПДВ, ПДВ, rounding, tariff), its figures. */
function priceTable(source: OrderDocumentSource): { note: string; table: PackageTable } {
  const list = buildOrderListData(source);
  const rows = list.categories.flatMap((category) =>
    category.rows.map((row) => [
      row.code,
      row.name,
      'послуга',
      row.tariff,
      row.price?.vat ?? VAT_EXEMPT_TEXT,
      row.price?.rounding ?? formatMoney('0.00'),
      row.price?.final ?? row.tariff,
    ]),
  );
  return {
    note: list.note,
    table: {
      columns: [
        'Код',
        'Послуга',
        'Одиниця',
        'Тариф без ПДВ, грн',
        'ПДВ, грн',
        'Округлення, грн',
        'Тариф, грн',
      ],
      rows,
      amountColumns: [3, 4, 5, 6],
      total: null,
    },
  };
}

/** The note's table: each service's tariff in force → the new one, Δ грн and Δ % (the comparison's figures). */
function tariffTable(data: ApprovalPackageSource): PackageTable {
  const columns = ['Код', 'Послуга', 'Чинний тариф, грн', 'Новий тариф, грн', 'Δ, грн', 'Δ, %'];
  const amountColumns = [2, 3, 4, 5];
  if (data.comparison) {
    const compared = buildComparisonData(data.comparison);
    return {
      columns,
      amountColumns,
      rows: compared.categories.flatMap((category) =>
        category.rows.map((row) => [
          row.code,
          row.name,
          row.tariffBefore,
          row.tariffAfter,
          row.delta,
          row.deltaPercent,
        ]),
      ),
      total: [
        '',
        compared.total.label,
        compared.total.tariffBefore,
        compared.total.tariffAfter,
        compared.total.delta,
        compared.total.deltaPercent,
      ],
    };
  }
  // The first revision: no tariff of this order was in force before, so its side is a dash.
  const list = priceTable(data.source).table;
  return {
    columns,
    amountColumns,
    rows: list.rows.map((row) => [row[0] ?? '', row[1] ?? '', '—', row[6] ?? '', '—', '—']),
    total: null,
  };
}

/** The profitability applied and the cap it is held against. */
function profitabilityLines(data: ApprovalPackageSource): string[] {
  const { settings, source } = data;
  const counts = new Map<number, number>();
  for (const service of source.services)
    counts.set(service.content.profit, (counts.get(service.content.profit) ?? 0) + 1);
  const applied = [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([profit, count]) => `${formatPercent(profit)} % — ${count} ${servicesWord(count)}`);
  const above = source.services.filter((service) =>
    exceedsProfitabilityCap(service.content.profit, settings.profitabilityCap),
  );
  const cap =
    settings.profitabilityCap === null
      ? 'Граничний норматив рентабельності засновником не встановлено.'
      : above.length === 0
        ? `Граничний норматив рентабельності — ${capText(settings)}; рентабельність жодної послуги його не перевищує.`
        : `Граничний норматив рентабельності — ${capText(settings)}; його перевищують: ${above.map((service) => service.name).join(', ')}.`;
  return [`Рентабельність, застосована в калькуляціях: ${applied.join('; ') || '—'}.`, cap];
}

/** «послуга», «послуги», «послуг» after a count. */
const servicesWord = (count: number): string =>
  ukrainianPlural(count, ['послуга', 'послуги', 'послуг']);

/** Data of the approval package of one revision (see the module's comment). */
export function buildApprovalPackageData(data: ApprovalPackageSource): ApprovalPackageData {
  const { source, settings, comparison } = data;
  const info = source.order.companyInfo;
  const institution = institutionNameOf(source);
  const words = approverOf(settings.approver);
  const title = `Про встановлення тарифів на платні медичні послуги, що надаються ${institution}`;
  const prices = priceTable(source);
  const structure = costStructure(source.services.map((service) => service.cost));
  const changes = comparison ? buildComparisonData(comparison) : null;
  // The note's economist: as the approval settings name them, else the economist the order's calculation names.
  const economist = settings.economistName || source.calculation?.economist || '';
  return {
    heading: buildPageHeading(source),
    documentTitle: APPROVAL_PACKAGE_DOCUMENT.title,
    decision: {
      draftMark: 'ПРОЄКТ',
      bodyName:
        settings.approver === 'director_order' ? institution : settings.bodyName || words.label,
      heading: words.heading,
      dateLine: `${BLANK_DATE} ${BLANK_NUMBER}`,
      place: settings.place,
      title,
      preamble: `Відповідно до ${[...settings.legalBasis].join(', ') || 'чинного законодавства'}, розглянувши звернення ${institution} щодо встановлення тарифів на платні медичні послуги та надані розрахунки, ${resolution(settings.approver)}`,
      points: pointsOf(data, institution),
      signature: {
        position: signatoryOf(settings),
        name: settings.approver === 'director_order' ? info.ceo_name.trim() : '',
      },
    },
    annex1: {
      caption: annexCaption(1, settings.approver),
      title: `Тарифи на платні медичні послуги, що надаються ${institution}`,
      note: prices.note,
      table: prices.table,
    },
    annex2: data.withCostings
      ? {
          caption: annexCaption(2, settings.approver),
          title: 'Калькуляції вартості платних медичних послуг',
          costings: source.services.map((service) => buildServiceCostingData(source, service)),
        }
      : null,
    note: {
      title: 'Пояснювальна записка',
      subtitle: `до проєкту ${words.act === 'наказ' ? 'наказу' : 'рішення'} «${title}»`,
      reasonsTitle: 'Обґрунтування потреби у нових тарифах',
      reasons: changes
        ? [
            `Тарифи перераховано (редакція ${comparison?.beforeRevision ?? ''} → редакція ${comparison?.afterRevision ?? ''}) у зв’язку зі зміною вхідних даних калькуляцій:`,
            ...(changes.noChanges ? [changes.noChanges] : changes.changes),
          ]
        : [
            'Тарифи розраховано за фактичними витратами закладу на надання послуг (штатний розпис і посадові оклади, ціни на матеріали, дані закладу про фонди оплати праці, витрати й площі) відповідно до постанови Кабінету Міністрів України від 17.09.1996 № 1138.',
          ],
      tariffsTitle: 'Чинні та нові тарифи',
      tariffs: tariffTable(data),
      structureTitle: 'Структура тарифів усіх послуг (без ПДВ)',
      structure: {
        columns: ['Стаття', 'Сума, грн', 'Частка, %'],
        rows: structure.lines.map((line) => [
          line.label,
          formatMoney(line.amount),
          formatMoney(line.share),
        ]),
        amountColumns: [1, 2],
        total: [
          'Разом (тарифи без ПДВ)',
          formatMoney(structure.total),
          formatMoney(structure.total === '0.00' ? '0' : '100'),
        ],
      },
      profitabilityTitle: 'Рентабельність',
      profitability: profitabilityLines(data),
      signatures: [
        { position: 'Директор', name: info.ceo_name.trim() },
        { position: 'Економіст', name: economist },
      ],
      executor: `Виконавець: ${economist || '________________'}, тел. ${settings.economistPhone || '________________'}`,
    },
  };
}
