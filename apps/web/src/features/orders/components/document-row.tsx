import { FileExcelOutlined } from '@ant-design/icons';
import type { OrderPdfInput, OrderWorkbookInput } from '@medcalc/domain';
import { Tag } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

import { DocumentLinkButton } from '@/components/ui/document-link-button';

import { useDownloadOrderPdf } from '../api/download-order-pdf';
import { useDownloadOrderWorkbook } from '../api/download-order-workbook';

/**
 * One PDF of the order (`POST /api/orders/pdf`), of the current revision or of `revision` (issue 18): its own
 * download, so only this link spins while its file is generated and the others stay usable. A failure is toasted
 * by the api client (the server's message, or a Ukrainian fallback).
 */
export function OrderPdfLink({
  identifier,
  file,
  revision,
  label,
  ariaLabel,
}: {
  identifier: string;
  file: OrderPdfInput['file'];
  /** An earlier revision's document; absent for the current one. */
  revision?: number;
  label: string;
  ariaLabel?: string;
}) {
  const download = useDownloadOrderPdf();
  return (
    <DocumentLinkButton
      isPending={download.isPending}
      ariaLabel={ariaLabel}
      onClick={() =>
        download.mutate(
          revision === undefined ? { file, identifier } : { file, identifier, revision },
        )
      }
    >
      {label}
    </DocumentLinkButton>
  );
}

/**
 * One workbook of the order (`POST /api/orders/xlsx`): «Калькуляції (Excel)», or with `file` «Порівняння тарифів»
 * (issue 18), of the current revision or of `revision` (issue 33). Like {@link OrderPdfLink}, its own download, so
 * only this link spins; a failure is toasted by the api client.
 */
export function OrderWorkbookLink({
  identifier,
  file,
  revision,
  label,
  ariaLabel,
}: OrderWorkbookInput & { label: string; ariaLabel?: string }) {
  const download = useDownloadOrderWorkbook();
  return (
    <DocumentLinkButton
      isPending={download.isPending}
      icon={<FileExcelOutlined aria-hidden />}
      ariaLabel={ariaLabel}
      onClick={() => download.mutate({ identifier, file, revision })}
    >
      {label}
    </DocumentLinkButton>
  );
}

const LIST_STYLE: CSSProperties = { listStyle: 'none', margin: 0, padding: 0, width: '100%' };

// Name and tag sit side by side on one row: the name wraps inside its own column and the tag keeps a column of
// its own, aligned with the first line, so every mark lines up (spec §2).
const ROW_STYLE: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: 8,
  alignItems: 'start',
  marginBottom: 4,
};

/** A list of the order's documents, one {@link DocumentRow} each. */
export function DocumentList({
  label,
  maxWidth,
  children,
}: {
  label: string;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <ul
      aria-label={label}
      style={maxWidth === undefined ? LIST_STYLE : { ...LIST_STYLE, maxWidth }}
    >
      {children}
    </ul>
  );
}

/**
 * One document of a list: its link, and beside it «погоджено» or «не погоджено» as `approval` says (nothing when
 * it is absent).
 */
export function DocumentRow({
  link,
  approval,
}: {
  link: ReactNode;
  approval?: 'approved' | 'notApproved';
}) {
  return (
    <li style={ROW_STYLE}>
      {link}
      {approval === undefined ? null : (
        <Tag color={approval === 'approved' ? 'success' : 'orange'} style={{ marginInlineEnd: 0 }}>
          {approval === 'approved' ? 'погоджено' : 'не погоджено'}
        </Tag>
      )}
    </li>
  );
}
