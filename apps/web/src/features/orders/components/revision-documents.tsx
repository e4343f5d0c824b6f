import { FileExcelOutlined } from '@ant-design/icons';
import {
  COMPARISON_DOCUMENT,
  ORDER_DOCUMENTS,
  ORDER_WORKBOOK_DOCUMENT,
  isApproved,
  type OrderRevision,
} from '@medcalc/domain';
import { Flex } from 'antd';

import { DocumentLinkButton } from '@/components/ui/document-link-button';

import { useDownloadOrderWorkbook } from '../api/download-order-workbook';

import { DocumentList, DocumentRow, OrderPdfLink } from './document-row';
import { ApprovalPackageLinks } from './order-approval';
import { OrderServiceCostings } from './order-service-costings';

/** «Калькуляції (Excel)» of an earlier revision (issue 33): `POST /api/orders/xlsx` {identifier, revision}. */
function RevisionWorkbookLink({ identifier, revision }: { identifier: string; revision: number }) {
  const download = useDownloadOrderWorkbook();
  return (
    <DocumentLinkButton
      isPending={download.isPending}
      icon={<FileExcelOutlined aria-hidden />}
      ariaLabel={`${ORDER_WORKBOOK_DOCUMENT.title} (редакція ${revision})`}
      onClick={() => download.mutate({ identifier, revision })}
    >
      {ORDER_WORKBOOK_DOCUMENT.title}
    </DocumentLinkButton>
  );
}

/** «Порівняння тарифів (Excel)» of a revision: `POST /api/orders/xlsx` {file: 'comparison', revision}. */
function ComparisonWorkbookLink({
  identifier,
  revision,
  ariaLabel,
}: {
  identifier: string;
  revision: number;
  ariaLabel?: string;
}) {
  const download = useDownloadOrderWorkbook();
  return (
    <DocumentLinkButton
      isPending={download.isPending}
      icon={<FileExcelOutlined aria-hidden />}
      ariaLabel={ariaLabel}
      onClick={() => download.mutate({ identifier, file: COMPARISON_DOCUMENT.file, revision })}
    >
      {`${COMPARISON_DOCUMENT.title} (Excel)`}
    </DocumentLinkButton>
  );
}

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
  const ariaLabelOf = (label: string) => (named ? `${label} (редакція ${revision})` : undefined);
  return (
    <Flex vertical align="start" gap={2}>
      <OrderPdfLink
        identifier={identifier}
        revision={revision}
        file={COMPARISON_DOCUMENT.file}
        label={pdfLabel}
        ariaLabel={ariaLabelOf(pdfLabel)}
      />
      <ComparisonWorkbookLink
        identifier={identifier}
        revision={revision}
        ariaLabel={ariaLabelOf(`${COMPARISON_DOCUMENT.title} (Excel)`)}
      />
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
        link={<RevisionWorkbookLink identifier={identifier} revision={revision.number} />}
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
