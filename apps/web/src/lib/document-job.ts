import { DOCUMENT_JOB_FAILED_MESSAGE, apiRoutes, type DocumentJob } from '@medcalc/domain';
import { queryOptions } from '@tanstack/react-query';

import { callApi } from './api-client';
import { queryKeys } from './query-keys';

/*
 * A large document made as a job (issue 24 §1): the document call answered 202 `{ job }`; the web follows the job
 * (`GET /api/document-jobs/:jobId` once a second, the query's `refetchInterval`), shows «Формуємо документ…» with a
 * progress bar, and downloads the file when it is ready (`GET /api/document-jobs/:jobId/file`; the hook is
 * hooks/use-follow-document-job.tsx). The file is the same one the call would have sent. Asking stops when the job is
 * done or failed, and when the page that asked for the document goes away.
 */

/** Follows a job the document call answered to its file, named as the server names it, else `fallbackName`. */
export type FollowDocumentJob = (
  job: DocumentJob,
  fallbackName: string,
) => Promise<{ blob: Blob; fileName: string }>;

/** A job that failed on the server: its Ukrainian message (already shown by the notice, not toasted again). */
export class DocumentJobFailedError extends Error {
  override readonly name = 'DocumentJobFailedError';
}

/** How often a job's status is asked for. */
export const DOCUMENT_JOB_POLL_MS = 1_000;

/** Whether the job has ended, its file made or not. */
export const isSettled = (job: DocumentJob) => job.status === 'done' || job.status === 'failed';

/**
 * The query of a job's state, starting from the state the document call answered: asked for again every
 * {@link DOCUMENT_JOB_POLL_MS} until the job is done or failed. One failed ask ends the following (no retry).
 */
export const documentJobQueryOptions = (first: DocumentJob) =>
  queryOptions({
    queryKey: queryKeys.documentJobs.of(first.id),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.documentJobs.status, {
        path: { jobId: first.id },
        toast: { success: false },
        fallbackErrorMessage: DOCUMENT_JOB_FAILED_MESSAGE,
        signal,
      }).then(({ job }) => job),
    initialData: first,
    initialDataUpdatedAt: Date.now(),
    staleTime: DOCUMENT_JOB_POLL_MS,
    gcTime: 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.data !== undefined && isSettled(query.state.data) ? false : DOCUMENT_JOB_POLL_MS,
  });
