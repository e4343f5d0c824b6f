import { documentJobAnswerSchema, type ApiRoute } from '@medcalc/domain';

import { fileNameFromContentDisposition } from '@/utils/file-download';

import { callApiForBlob, type CallInput } from './api-client';
import type { BlobRequestOptions } from './request-options';
import { BUSY_STATUSES } from './http-failures';
import type { FollowDocumentJob } from './document-job';

/** A generated document: its bytes and the name to save it under. */
export type DownloadedFile = { blob: Blob; fileName: string };

/**
 * Calls a file route of the route table (a PDF or an XLSX) and names the file: the Ukrainian name the server
 * gives it in `Content-Disposition` (`filename*`, else `filename`), else `fallbackName`. Errors come as
 * `{ message }` and are toasted by the api client (`fallbackErrorMessage` when there is none), except a 503 (the
 * server's document queue is full): {@link useFileDownload} shows that one with a retry button. A large document
 * answers with a job (issue 24 §1), which `follow` follows to its file with its progress (use-follow-document-job.tsx).
 */
export async function downloadFile<R extends ApiRoute & { answer: null }>(
  route: R,
  options: CallInput<R> & Omit<BlobRequestOptions, 'body' | 'params'>,
  fallbackName: string,
  follow?: FollowDocumentJob,
): Promise<DownloadedFile> {
  const { blob, headers, status } = await callApiForBlob(route, {
    ...options,
    quietStatuses: [...(options.quietStatuses ?? []), ...BUSY_STATUSES],
  });
  // A large document answers 202 with a job (issue 24 §1), as its route's `accepted` declares: follow it to its file.
  if (status === 202) {
    if (!route.accepted || !follow)
      throw new Error(
        `A document job answered a call that declares or follows none: ${route.path}`,
      );
    const { job } = documentJobAnswerSchema.parse(
      route.accepted.parse(JSON.parse(await blob.text())),
    );
    return follow(job, fallbackName);
  }
  return {
    blob,
    fileName: fileNameFromContentDisposition(headers.get('Content-Disposition'), fallbackName),
  };
}
