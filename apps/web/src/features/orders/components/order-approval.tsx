import { FileWordOutlined } from '@ant-design/icons';
import { APPROVAL_PACKAGE_DOCUMENT } from '@medcalc/domain';
import { Button, Checkbox, Flex, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';

import { DocumentLinkButton } from '@/components/ui/document-link-button';

import { useDownloadApprovalDocx } from '../api/download-approval-package';
import { useDownloadOrderPdf } from '../api/download-order-pdf';

import type { ApprovalSectionProps } from './approval-details';

// The decision's form and the tariff history load when the section is opened (issue 39: the list's first screen).
const ApprovalDetails = lazy(() => import('./approval-details'));

/**
 * The approval package of a revision (issue 35) as Word and as PDF, with the switch that leaves annex 2 (the
 * калькуляції) out. `revision` absent: the current one; `named` puts the revision in the links' names.
 */
export function ApprovalPackageLinks({
  identifier,
  revision,
  named = false,
}: {
  identifier: string;
  revision?: number;
  named?: boolean;
}) {
  const [withCostings, setWithCostings] = useState(true);
  const docx = useDownloadApprovalDocx();
  const pdf = useDownloadOrderPdf();
  const suffix = named && revision !== undefined ? ` (редакція ${revision})` : '';
  const input = {
    identifier,
    withCostings,
    ...(revision === undefined ? {} : { revision }),
  };
  return (
    <Flex vertical align="start" gap={2}>
      <DocumentLinkButton
        isPending={docx.isPending}
        icon={<FileWordOutlined aria-hidden />}
        ariaLabel={`${APPROVAL_PACKAGE_DOCUMENT.title} (Word)${suffix}`}
        onClick={() => docx.mutate(input)}
      >
        {`${APPROVAL_PACKAGE_DOCUMENT.title} (Word)`}
      </DocumentLinkButton>
      <DocumentLinkButton
        isPending={pdf.isPending}
        ariaLabel={`${APPROVAL_PACKAGE_DOCUMENT.title} (PDF)${suffix}`}
        onClick={() => pdf.mutate({ ...input, file: APPROVAL_PACKAGE_DOCUMENT.file })}
      >
        {`${APPROVAL_PACKAGE_DOCUMENT.title} (PDF)`}
      </DocumentLinkButton>
      <Checkbox checked={withCostings} onChange={(event) => setWithCostings(event.target.checked)}>
        з калькуляціями (додаток 2){suffix}
      </Checkbox>
    </Flex>
  );
}

/**
 * Issue 35 on the order card: the approval package of the current revision and, opened on demand (a list of
 * orders reads nothing more until then), the founder's decision and the tariff history.
 */
export function OrderApproval({ identifier, revision, status }: ApprovalSectionProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0, fontSize: 16 }}>
        Затвердження тарифів
      </Typography.Title>
      <ApprovalPackageLinks identifier={identifier} />
      <Button
        type="link"
        style={{ alignSelf: 'start', paddingInline: 0 }}
        aria-expanded={isOpen}
        onClick={() => setOpen(!isOpen)}
      >
        Рішення засновника та історія тарифів
      </Button>
      {isOpen ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} aria-busy="true" />}>
          <ApprovalDetails identifier={identifier} revision={revision} status={status} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
