import { APPROVAL_PACKAGE_DOCUMENT } from '@medcalc/domain';
import { buildApprovalPackageData, type ApprovalPackageData } from './build-approval-package-data';
import type { DocumentRenderer } from './document-pool';
import { titledFileName } from './document-source';
import type { DocumentApprovals, DocumentRequester, RevisionReader } from './revision-reader';

/* The approval package of a revision (issue 35): its data, and its bytes as a PDF or a Word file. */

/** The body of an approval package call (`POST /api/orders/docx` or `/pdf` with `file: 'approval'`). */
export interface ApprovalPackageInput {
  identifier: string;
  revision?: number | undefined;
  withCostings?: boolean | undefined;
}

export function createApprovalPackages(deps: {
  reader: RevisionReader;
  approvals: DocumentApprovals;
  renderer: DocumentRenderer;
}) {
  const { reader, approvals, renderer } = deps;
  const { readOrder, loadRevision, loadComparison } = reader;

  /**
   * The data of the approval package of a revision (issue 35): its documents' source, the company's approval
   * settings, the comparison with the revision before (from the second on), the decision in force (the latest one
   * recorded on an earlier revision, else the settings'), and whether annex 2 is in it. Refused like the
   * revision's other documents.
   */
  async function loadApprovalPackage(
    requester: DocumentRequester,
    input: ApprovalPackageInput,
  ): Promise<ApprovalPackageData> {
    const read = await readOrder(requester, input.identifier);
    const { source } = await loadRevision(requester, input.identifier, input.revision, read);
    const number = source.order.revision ?? 1;
    const comparison =
      number > 1 ? await loadComparison(requester, input.identifier, number, read) : null;
    const settings = await approvals.settingsOf(read.order.companyId);
    const earlier = (await approvals.approvalsOf(read.order))
      .filter((approval) => approval.revision < number)
      .at(-1);
    const inForce = earlier
      ? { approver: earlier.approver, number: earlier.decisionNumber, date: earlier.decisionDate }
      : settings.inForceNumber && settings.inForceDate
        ? {
            approver: settings.approver,
            number: settings.inForceNumber,
            date: settings.inForceDate,
          }
        : null;
    return buildApprovalPackageData({
      source,
      settings,
      comparison,
      inForce,
      withCostings: input.withCostings ?? true,
    });
  }

  /** The approval package as a PDF or a Word file, with its name (issue 35). */
  async function generateApprovalPackage(
    requester: DocumentRequester,
    input: ApprovalPackageInput,
    format: 'pdf' | 'docx',
  ): Promise<{ fileName: string; bytes: Buffer }> {
    const data = await loadApprovalPackage(requester, input);
    const bytes = await renderer.render({ kind: `approval-${format}`, data });
    return {
      fileName: titledFileName(APPROVAL_PACKAGE_DOCUMENT.title, data.heading.orderName, format),
      bytes,
    };
  }

  return { loadApprovalPackage, generateApprovalPackage };
}
