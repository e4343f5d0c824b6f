import { FileExcelOutlined } from '@ant-design/icons';
import {
  COMPARISON_DOCUMENT,
  isDocumentApproved,
  ORDER_DOCUMENTS,
  type OrderRevision,
} from '@medcalc/domain';
import { Flex, Tag } from 'antd';

import { DocumentLinkButton } from '@/components/ui/document-link-button';

import { useDownloadOrderPdf } from '../api/download-order-pdf';
import { useDownloadOrderWorkbook } from '../api/download-order-workbook';

type RevisionDocumentFile =
  (typeof ORDER_DOCUMENTS)[number]['file'] | typeof COMPARISON_DOCUMENT.file;

/**
 * One PDF of a revision: its own download (`POST /api/orders/pdf` with `revision`), so only this link spins while
 * its file is generated. A failure is toasted by the api client (the server's message, or a Ukrainian fallback).
 */
function RevisionPdfLink({
  identifier,
  revision,
  file,
  label,
  ariaLabel,
}: {
  identifier: string;
  revision: number;
  file: RevisionDocumentFile;
  label: string;
  ariaLabel: string;
}) {
  const download = useDownloadOrderPdf();
  return (
    <DocumentLinkButton
      isPending={download.isPending}
      ariaLabel={ariaLabel}
      onClick={() => download.mutate({ file, identifier, revision })}
    >
      {label}
    </DocumentLinkButton>
  );
}

/** «Порівняння тарифів (Excel)» of a revision: `POST /api/orders/xlsx` {file: 'comparison', revision}. */
function ComparisonWorkbookLink({
  identifier,
  revision,
}: {
  identifier: string;
  revision: number;
}) {
  const download = useDownloadOrderWorkbook();
  return (
    <DocumentLinkButton
      isPending={download.isPending}
      icon={<FileExcelOutlined aria-hidden />}
      onClick={() => download.mutate({ identifier, file: COMPARISON_DOCUMENT.file, revision })}
    >
      {`${COMPARISON_DOCUMENT.title} (Excel)`}
    </DocumentLinkButton>
  );
}

/**
 * «Порівняння тарифів» of a revision with the one before it (issue 18), as PDF and Excel, each with its own
 * spinner.
 */
export function ComparisonLinks({
  identifier,
  revision,
}: {
  identifier: string;
  revision: number;
}) {
  return (
    <Flex vertical align="start" gap={2}>
      <RevisionPdfLink
        identifier={identifier}
        revision={revision}
        file={COMPARISON_DOCUMENT.file}
        label={`${COMPARISON_DOCUMENT.title} (PDF)`}
        ariaLabel={`${COMPARISON_DOCUMENT.title} (PDF)`}
      />
      <ComparisonWorkbookLink identifier={identifier} revision={revision} />
    </Flex>
  );
}

/**
 * The five documents of an earlier revision (issue 18): what that revision stored, each marked «погоджено» or
 * «не погоджено» by the status the revision had.
 */
export function RevisionDocumentList({
  identifier,
  revision,
}: {
  identifier: string;
  revision: Pick<OrderRevision, 'number' | 'status'>;
}) {
  const isApproved = isDocumentApproved(revision.status);
  return (
    <ul
      aria-label={`Документи редакції ${revision.number}`}
      style={{ listStyle: 'none', margin: 0, padding: 0, width: '100%', maxWidth: 520 }}
    >
      {ORDER_DOCUMENTS.map((item) => (
        <li
          key={item.file}
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) auto',
            columnGap: 8,
            alignItems: 'start',
            marginBottom: 4,
          }}
        >
          <RevisionPdfLink
            identifier={identifier}
            revision={revision.number}
            file={item.file}
            label={item.title}
            ariaLabel={`${item.title} (редакція ${revision.number})`}
          />
          <Tag color={isApproved ? 'success' : 'orange'} style={{ marginInlineEnd: 0 }}>
            {isApproved ? 'погоджено' : 'не погоджено'}
          </Tag>
        </li>
      ))}
    </ul>
  );
}
