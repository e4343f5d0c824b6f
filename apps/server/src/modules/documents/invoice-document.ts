import { INVOICE_DOCUMENT, formatOrderNumber } from '@medcalc/domain';
import type { ProviderRequisites } from '../../lib/provider-requisites';
import { parseStoredCompanyInfo } from '../../lib/stored-company-info';
import type { CalculationsService } from '../calculations/calculations.service';
import { buildInvoiceData } from './build-invoice-data';
import type { DocumentRenderer } from './document-pool';
import { documentFileName, type GeneratedDocument } from './generated-document';
import type { InvoiceNumbers } from './invoice-numbers';
import { invoiceLayout } from './layouts/invoice';
import type { DocumentRequester, RevisionReader } from './revision-reader';

export function createInvoiceDocument(deps: {
  reader: RevisionReader;
  calculationsService: Pick<CalculationsService, 'listResultsOfOrder'>;
  provider: ProviderRequisites;
  invoiceNumbers: InvoiceNumbers;
  renderer: DocumentRenderer;
}) {
  const { reader, calculationsService, provider, invoiceNumbers, renderer } = deps;
  const { readOrder } = reader;

  /**
   * The рахунок на оплату of the order fee (issue 10 item 7): at every status, from `created` on (domain
   * `documentRefusalFor`), so it needs the services' names only, not their results. Its number is given when the
   * provider issues it (invoice-numbers.ts: the administrator's print or payment confirmation) and kept.
   */
  async function generateInvoice(
    requester: DocumentRequester,
    identifier: string,
  ): Promise<GeneratedDocument> {
    const { order, companyName } = await readOrder(requester, identifier);
    const rows = await calculationsService.listResultsOfOrder(order.id);
    // Issue 34: only the provider issues (the administrator's print of an order the company has not deleted);
    // everyone else prints the invoice as issued, or unnumbered until it is.
    const issued =
      'anyCompany' in requester && order.deletedAt === null
        ? await invoiceNumbers.issue(order.id)
        : await invoiceNumbers.issuedFor(order.id);
    const data = buildInvoiceData(
      {
        order: {
          identifier: order.identifier,
          number: formatOrderNumber(order.numberYear, order.number),
          name: order.name,
          status: order.status,
          createdAt: order.createdAt,
          companyInfo: parseStoredCompanyInfo(order.companyInfo),
        },
        companyName,
        services: rows.map((row) => ({ name: row.name })),
      },
      provider,
      issued,
    );
    const pdf = await renderer.render({ kind: 'pdf', layout: invoiceLayout(data) });
    return { fileName: documentFileName(INVOICE_DOCUMENT.file, order.name), pdf };
  }

  return generateInvoice;
}
