import {
  DOCUMENT_JOB_FAILED_MESSAGE,
  DOCUMENT_JOB_PREPARING_TITLE,
  apiRoutes,
  documentJobProgressText,
  type DocumentJob,
} from '@medcalc/domain';
import { App, Flex, Progress, Typography } from 'antd';
import { useCallback } from 'react';

import { fileNameFromContentDisposition } from '@/utils/file-download';

import { callApi, callApiForBlob } from './api-client';

/*
 * A large document made as a job (issue 24 §1): the document call answered 202 `{ job }`; the web follows the job
 * (`GET /api/document-jobs/:jobId` once a second), shows «Формуємо документ…» with a progress bar, and downloads the
 * file when it is ready (`GET /api/document-jobs/:jobId/file`). The file is the same one the call would have sent.
 */

/** Hears each state of a job being followed (the progress notice). */
export type DocumentJobWatch = (job: DocumentJob) => void;

/** A job that failed on the server: its Ukrainian message (already shown by the notice, not toasted again). */
export class DocumentJobFailedError extends Error {
  override readonly name = 'DocumentJobFailedError';
}

/** How often a job's status is asked for. */
export const DOCUMENT_JOB_POLL_MS = 1_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows `job` until its file is ready and downloads it (named as the server names it, else `fallbackName`);
 * `watch` hears every state. A failed job throws {@link DocumentJobFailedError} with the server's message.
 */
export async function followDocumentJob(
  first: DocumentJob,
  fallbackName: string,
  watch?: DocumentJobWatch,
): Promise<{ blob: Blob; fileName: string }> {
  let job = first;
  watch?.(job);
  while (job.status === 'queued' || job.status === 'running') {
    await wait(DOCUMENT_JOB_POLL_MS);
    ({ job } = await callApi(apiRoutes.documentJobs.status, {
      path: { jobId: job.id },
      toast: { success: false },
      fallbackErrorMessage: DOCUMENT_JOB_FAILED_MESSAGE,
    }));
    watch?.(job);
  }
  if (job.status === 'failed')
    throw new DocumentJobFailedError(job.message ?? DOCUMENT_JOB_FAILED_MESSAGE);
  const { blob, headers } = await callApiForBlob(apiRoutes.documentJobs.file, {
    path: { jobId: job.id },
    fallbackErrorMessage: DOCUMENT_JOB_FAILED_MESSAGE,
  });
  return {
    blob,
    fileName: fileNameFromContentDisposition(
      headers.get('Content-Disposition'),
      job.fileName ?? fallbackName,
    ),
  };
}

/** The notice's body: the bar and what it counts. */
function JobProgress({ job }: { job: DocumentJob }) {
  const text = documentJobProgressText(job);
  return (
    <Flex vertical gap={4}>
      <Progress
        percent={job.progress.percent}
        status={job.status === 'done' ? 'success' : 'active'}
        aria-label={DOCUMENT_JOB_PREPARING_TITLE}
        aria-valuetext={`${job.progress.percent}%: ${text}`}
      />
      <Typography.Text type="secondary" aria-live="polite">
        {text}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The notice of a job being followed: «Формуємо документ…» with its progress bar while it is queued or running,
 * closed once the file is ready (the download starts), and the server's Ukrainian message when it failed.
 */
export function useDocumentJobNotice(): DocumentJobWatch {
  const { notification } = App.useApp();
  return useCallback(
    (job: DocumentJob) => {
      const key = `document-job:${job.id}`;
      if (job.status === 'done') {
        notification.destroy(key);
        return;
      }
      if (job.status === 'failed') {
        notification.error({
          key,
          title: job.message ?? DOCUMENT_JOB_FAILED_MESSAGE,
          duration: 0,
        });
        return;
      }
      notification.open({
        key,
        title: DOCUMENT_JOB_PREPARING_TITLE,
        description: <JobProgress job={job} />,
        duration: 0,
      });
    },
    [notification],
  );
}
