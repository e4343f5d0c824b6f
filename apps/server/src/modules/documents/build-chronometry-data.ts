import { serviceCodeOf } from '@medcalc/domain';
import { buildServiceCostingData } from './build-service-costing-data';
import type { SignatureLine } from './approval-line';
import {
  NO_CATEGORY,
  formatDocumentDate,
  institutionNameOf,
  plainNumber,
  type DocumentService,
  type OrderDocumentSource,
} from './document-source';
import { buildPageHeading, type PageHeading } from './page-heading';

/** One staff line of the act: its position and the minutes it spends on one service. */
export interface ChronometryLine {
  number: number;
  position: string;
  minutes: string;
}

/** «Акт хронометражу» of one service: what it says, not where it goes. */
export interface ChronometryData {
  heading: PageHeading;
  title: string;
  subtitle: string;
  code: string;
  serviceName: string;
  category: string;
  institutionName: string;
  /** The date the act is made on, `dd.mm.yyyy`: the revision's calculation, or the order's date. */
  date: string;
  columns: { number: string; position: string; minutes: string };
  lines: ChronometryLine[];
  /** The minutes of all the lines together. */
  total: { label: string; minutes: string };
  /** What the commission confirms by signing. */
  statement: string;
  /** The commission: its head and two members, the names left to write by hand. */
  commission: SignatureLine[];
}

/** Whether a service's калькуляція comes with its chronometry act (wizard step 2's checkbox, spec §2). */
export const hasChronometryAct = (service: Pick<DocumentService, 'content'>): boolean =>
  service.content.chronometry === true;

/**
 * The day the act is dated: the day the revision was calculated (`source.calculation`, issue 33), or, for a source
 * that does not say (stored before it did, or no calculation recorded), the day the order was placed.
 */
export function chronometryDateOf(source: OrderDocumentSource): string {
  const calculatedAt = source.calculation?.calculatedAt;
  const date = calculatedAt ? new Date(calculatedAt) : null;
  return formatDocumentDate(date && !Number.isNaN(date.getTime()) ? date : source.order.createdAt);
}

/**
 * Data of «Акт хронометражу» of one service (issue 33 minor; wizard step 2's «Додати акт хронометражу до
 * калькуляції»): the service's code, name and category, the date, each staff line of its калькуляція (the same
 * lines, numbered the same: `buildServiceCostingData`) with its position and its minutes per service, their total,
 * and the signature lines of the commission (its head and two members) with the names left blank.
 */
export function buildChronometryData(
  source: OrderDocumentSource,
  service: DocumentService,
): ChronometryData {
  const costing = buildServiceCostingData(source, service);
  const minutes = costing.staff.lines.reduce((sum, line) => sum + line.values.minutes, 0);
  return {
    heading: buildPageHeading(source),
    title: 'Акт хронометражу',
    subtitle: 'витрат робочого часу персоналу на надання платної медичної послуги',
    code: serviceCodeOf(service),
    serviceName: service.name,
    category: service.categoryName?.trim() || NO_CATEGORY,
    institutionName: institutionNameOf(source),
    date: chronometryDateOf(source),
    columns: { number: '№', position: 'Посада', minutes: 'Витрати часу на одну послугу, хв' },
    lines: costing.staff.lines.map((line) => ({
      number: line.number,
      position: line.position,
      minutes: line.minutes,
    })),
    total: { label: 'Разом', minutes: plainNumber(Math.round(minutes * 10_000) / 10_000) },
    statement:
      'Комісія провела хронометраж і підтверджує витрати робочого часу персоналу на надання однієї послуги, наведені в акті.',
    commission: [
      { position: 'Голова комісії', name: '' },
      { position: 'Член комісії', name: '' },
      { position: 'Член комісії', name: '' },
    ],
  };
}
