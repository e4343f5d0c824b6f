import { cutAtWord } from '@medcalc/domain';
import { buildOrderListData, type OrderListData } from './build-order-list-data';
import { buildServiceCostingData, type ServiceCostingData } from './build-service-costing-data';
import { groupByCategory } from './document-source';
import type { OrderDocumentSource } from './document-source';
import type { PageHeading } from './page-heading';

/*
 * The XLSX workbook of an order (issue 10 item 8): what its sheets say, not how they look (render-workbook.ts).
 * The прейскурант and the калькуляції are the PDF documents' own data (`buildOrderListData`,
 * `buildServiceCostingData`), so labels, formulas, codes and grouping are written once; the workbook takes their
 * numeric `values`/`amount` fields, so every amount lands in a numeric cell.
 */

/** Excel's limit on a sheet name's length. */
export const SHEET_NAME_MAX_LENGTH = 31;

/** Characters Excel refuses in a sheet name. */
const FORBIDDEN_SHEET_NAME_CHARACTERS = /[[\]:*?/\\]/g;

/** The first sheet: the прейскурант of all the order's services. */
export const PRICE_LIST_SHEET_NAME = 'Прейскурант';

/** The first sheet: every sheet of the workbook with the full name of what it holds (issue 23). */
export const CONTENTS_SHEET_NAME = 'Зміст';

/** The name of a category sheet whose category name has nothing Excel can keep. */
const FALLBACK_SHEET_NAME = 'Категорія';

/** A sheet with the калькуляція of every service of one category. */
export interface CategorySheet {
  /** The sheet's name: the category's, made valid for Excel (see {@link excelSheetName}). */
  name: string;
  /** The category's full name, printed on the sheet. */
  category: string;
  costings: ServiceCostingData[];
}

/** Everything the workbook of an order says. */
export interface WorkbookData {
  /** Workbook properties (File → Properties). */
  properties: { creator: string; title: string; subject: string };
  heading: PageHeading;
  /** The прейскурант: the order list document's data, categories with numbered rows and numeric values. */
  priceList: { name: string } & Pick<
    OrderListData,
    'title' | 'note' | 'priceColumns' | 'categories' | 'signatures'
  >;
  categorySheets: CategorySheet[];
}

/**
 * `name` made a valid Excel sheet name that none of `taken` (compared case-insensitively, as Excel does) has:
 * the characters `[]:*?/\` become spaces, spaces are folded, apostrophes may not open or close it, at most 31
 * characters; a longer name is cut after its last whole word that fits and ends in «…» (the domain's `cutAtWord`,
 * which cuts the download file names too); a name already taken gets ` (2)`, ` (3)`, … within the 31. The contents sheet
 * gives every full name.
 */
export function excelSheetName(name: string, taken: ReadonlySet<string>): string {
  const cleaned = name
    .replace(FORBIDDEN_SHEET_NAME_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
  const base = cleaned === '' ? FALLBACK_SHEET_NAME : cleaned;
  const takenLower = new Set([...taken].map((entry) => entry.toLocaleLowerCase('uk')));
  const first = cutAtWord(base, SHEET_NAME_MAX_LENGTH);
  if (!takenLower.has(first.toLocaleLowerCase('uk'))) return first;
  for (let copy = 2; ; copy += 1) {
    const suffix = ` (${copy})`;
    const candidate = `${cutAtWord(base, SHEET_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!takenLower.has(candidate.toLocaleLowerCase('uk'))) return candidate;
  }
}

/**
 * Data of the workbook «Калькуляції» (`POST /api/orders/xlsx`): sheet «Прейскурант» with the order list (by
 * category: №, code, service, cost, profitability %, tariff без ПДВ, and the price columns — ПДВ, rounding, the
 * final tariff — of an order with VAT or rounding) and then one sheet per category, in the
 * прейскурант's order, with the калькуляція of each of its services. Every number is the stored result.
 */
export function buildWorkbookData(source: OrderDocumentSource): WorkbookData {
  const orderList = buildOrderListData(source);
  const taken = new Set<string>([CONTENTS_SHEET_NAME, PRICE_LIST_SHEET_NAME]);
  const categorySheets = groupByCategory(source.services).map(({ category, services }) => {
    const name = excelSheetName(category, taken);
    taken.add(name);
    return {
      name,
      category,
      costings: services.map((service) => buildServiceCostingData(source, service)),
    };
  });
  const orderName = source.order.name.trim();
  return {
    properties: {
      creator: 'medcalc',
      title: orderName === '' ? 'Калькуляції' : `Калькуляції — ${orderName}`,
      subject: 'Калькуляції вартості платних медичних послуг',
    },
    heading: orderList.heading,
    priceList: {
      name: PRICE_LIST_SHEET_NAME,
      title: orderList.title,
      note: orderList.note,
      priceColumns: orderList.priceColumns,
      categories: orderList.categories,
      signatures: orderList.signatures,
    },
    categorySheets,
  };
}
