import {
  COMPARISON_DOCUMENT,
  ORDER_DOCUMENTS,
  ORDER_WORKBOOK_DOCUMENT,
  isApproved,
  type OrderRevision,
} from '@medcalc/domain';
import { Flex } from 'antd';

import { DocumentList, DocumentRow, OrderPdfLink, OrderWorkbookLink } from './document-row';
import { ApprovalPackageLinks } from './order-approval';
import { OrderServiceCostings } from './order-service-costings';

/**
 * «Порівняння тарифів» of a revision with the one before it (issue 18), as PDF and Excel, each with its own
 * spinner. `named` puts the revision in the links' accessible names («Порівняння тарифів (PDF) (редакція 2)»),
 * for an earlier revision's links, which sit in the same block as the current one's.
 */
export function ComparisonLinks({
  identifier,
  revision,
  named = false,
}: {
  identifier: string;
  revision: number;
  named?: boolean;
}) {
  const pdfLabel = `${COMPARISON_DOCUMENT.title} (PDF)`;
  const excelLabel = `${COMPARISON_DOCUMENT.title} (Excel)`;
  const ariaLabelOf = (label: string) => (named ? `${label} (редакція ${revision})` : undefined);
  const comparison = { identifier, revision, file: COMPARISON_DOCUMENT.file };
  return (
    <Flex vertical align="start" gap={2}>
      <OrderPdfLink {...comparison} label={pdfLabel} ariaLabel={ariaLabelOf(pdfLabel)} />
      <OrderWorkbookLink {...comparison} label={excelLabel} ariaLabel={ariaLabelOf(excelLabel)} />
    </Flex>
  );
}

/**
 * Every document of an earlier revision (issue 18; issue 33: the workbook and each service's калькуляція too): what
 * that revision stored, each of the five marked «погоджено» or «не погоджено» by the status the revision had.
 */
export function RevisionDocumentList({
  identifier,
  revision,
}: {
  identifier: string;
  revision: Pick<OrderRevision, 'number' | 'status'>;
}) {
  const approval = isApproved(revision.status) ? 'approved' : 'notApproved';
  return (
    <DocumentList label={`Документи редакції ${revision.number}`} maxWidth={520}>
      {ORDER_DOCUMENTS.map((item) => (
        <DocumentRow
          key={item.file}
          link={
            <OrderPdfLink
              identifier={identifier}
              revision={revision.number}
              file={item.file}
              label={item.title}
              ariaLabel={`${item.title} (редакція ${revision.number})`}
            />
          }
          approval={approval}
        />
      ))}
      <DocumentRow
        link={
          <OrderWorkbookLink
            identifier={identifier}
            revision={revision.number}
            label={ORDER_WORKBOOK_DOCUMENT.title}
            ariaLabel={`${ORDER_WORKBOOK_DOCUMENT.title} (редакція ${revision.number})`}
          />
        }
        approval={approval}
      />
      <DocumentRow
        link={<OrderServiceCostings identifier={identifier} revision={revision.number} />}
      />
      <DocumentRow
        link={<ApprovalPackageLinks identifier={identifier} revision={revision.number} named />}
      />
    </DocumentList>
  );
}
