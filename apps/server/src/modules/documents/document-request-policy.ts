import type { CompanyScope } from '../../lib/company-scope';
import type { DocumentJob, DocumentRequest, StoredDocumentRequest } from '@medcalc/domain';
import type { DocumentsService } from './documents.service';
import {
  ownerKey,
  type DocumentJobs,
  type JobFile,
  type JobOwner,
  type StoredJobFile,
} from './document-jobs';
import { renderTurn } from './document-pool';
import { documentKey, prepareDocument, requestKey } from './document-requests';

/**
 * How a document call is answered: a job (the route's 202: joined, or submitted for a large document), or a file:
 * the kept file of the same document (issue 34) or the one rendered at once.
 */
export type DocumentAnswer =
  { kind: 'job'; job: DocumentJob } | { kind: 'file'; file: JobFile | StoredJobFile };

/**
 * The document request policy (issue 24 §1, issue 34): join the owner's job of an equal request; else send the
 * kept file of the same document while nothing it prints changed; else read the order in the owner's turn and
 * render a small document at once or submit a large one (more than `jobLines` lines) as a job. Built once in the
 * composition root; the document routes only turn its answer into a reply.
 */
export function createDocumentRequestPolicy(deps: {
  documentsService: DocumentsService;
  documentJobs: DocumentJobs;
  /** A document laying out more lines than this is a job (config DOCUMENT_JOB_LINES). */
  jobLines: number;
  /** Writes «Документ завантажено» into the institution's activity log (wired in app.ts). */
  recordDownload: (scope: CompanyScope, identifier: string, fileName: string) => Promise<void>;
}) {
  const { documentsService: service, documentJobs, jobLines, recordDownload } = deps;

  /** `member`: the member and company whose log records the download (null for the administrator's). */
  async function answer(
    owner: JobOwner,
    requester: StoredDocumentRequest['requester'],
    request: DocumentRequest,
    member: CompanyScope | null,
  ): Promise<DocumentAnswer> {
    const key = requestKey(request);
    const joined = await documentJobs.findActive(owner, key);
    if (joined) return { kind: 'job', job: joined };
    // The same document made while nothing it prints changed: sent from its kept file (issue 34), found by a
    // small read of the order, not the order's services.
    const contentKey = await documentKey(service, requester, request);
    const fresh = contentKey && (await documentJobs.fresh(owner, contentKey));
    if (fresh) {
      if (member) await recordDownload(member, request.input.identifier, fresh.fileName);
      return { kind: 'file', file: fresh };
    }
    // The owner's documents take their turn in the pool (issue 34): at most its share of workers at once.
    return renderTurn.run({ owner: ownerKey(owner), lane: 'request' }, async () => {
      const prepared = await prepareDocument(service, requester, request);
      if (prepared.lines > jobLines) {
        const stored: StoredDocumentRequest = { requester, request };
        const job = await documentJobs.submit(owner, key, stored, member?.companyId ?? null);
        return { kind: 'job', job } as const;
      }
      const file = await prepared.render();
      if (member) await recordDownload(member, request.input.identifier, file.fileName);
      return { kind: 'file', file } as const;
    });
  }

  return { answer };
}

export type DocumentRequestPolicy = ReturnType<typeof createDocumentRequestPolicy>;
