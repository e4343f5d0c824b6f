import { textOrDash, institutionNameOf } from './document-source';
import { approvalDateLine } from './approval-line';
import type { OrderDocumentSource } from './document-source';
import { buildPageHeading, type PageHeading } from './page-heading';

/** The title page's heading (issue 10 "What must work" 1). */
export const TITLE_HEADING = 'Калькуляції вартості платних медичних послуг';

/** The title page of an order's documents: what it says, not where it goes. */
export interface TitleData {
  heading: PageHeading;
  title: string;
  institutionName: string;
  institutionCode: string;
  /** The institution's address, or a dash. */
  address: string;
  orderName: string;
  /** The order's number people quote (issue 33). */
  orderNumber: string;
  orderDate: string;
  serviceCount: number;
  /** The «ЗАТВЕРДЖУЮ» block the head of the institution signs. */
  approval: {
    caption: string;
    position: string;
    /** The head's name (ceo_name), or '' so the line is left to fill in by hand. */
    name: string;
    /** The date line the head fills in when signing. */
    dateLine: string;
  };
  /** «НЕ ПОГОДЖЕНО» while the order is formed or sent; null once confirmed. */
  notApprovedMark: string | null;
}

/** Data of the title page (document `title`): the institution, the order, the head's approval block. */
export function buildTitleData(source: OrderDocumentSource): TitleData {
  const heading = buildPageHeading(source);
  const info = source.order.companyInfo;
  return {
    heading,
    title: TITLE_HEADING,
    institutionName: institutionNameOf(source),
    institutionCode: heading.institutionCode,
    address: textOrDash(info.address),
    orderName: source.order.name,
    orderNumber: heading.orderNumber,
    orderDate: heading.orderDate,
    serviceCount: source.services.length,
    approval: {
      caption: 'ЗАТВЕРДЖУЮ',
      position: 'Керівник закладу',
      name: info.ceo_name.trim(),
      dateLine: approvalDateLine(source),
    },
    notApprovedMark: heading.notApprovedMark,
  };
}
