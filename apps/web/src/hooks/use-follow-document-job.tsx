import {
  DOCUMENT_JOB_FAILED_MESSAGE,
  DOCUMENT_JOB_PREPARING_TITLE,
  apiRoutes,
  documentJobProgressText,
  type DocumentJob,
} from '@medcalc/domain';
import { QueryObserver, useQueryClient, type QueryObserverResult } from '@tanstack/react-query';
import { App, Flex, Progress, Typography } from 'antd';
import { useEffect, useRef } from 'react';

import { callApiForBlob } from '@/lib/api-client';
import {
  DocumentJobFailedError,
  documentJobQueryOptions,
  isSettled,
  type FollowDocumentJob,
} from '@/lib/document-job';
import { fileNameFromContentDisposition } from '@/utils/file-download';

/** The notice's key of a job. */
const noticeKey = (job: DocumentJob) => `document-job:${job.id}`;

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
 * Follows document jobs for the component that asked for them: their notice «Формуємо документ…» with the progress
 * bar while a job is queued or running, closed once the file is ready (the download starts), and the server's
 * Ukrainian message when it failed ({@link DocumentJobFailedError}). When the component unmounts, its jobs are no
 * longer asked for, their notices close, and their downloads end with an `AbortError`.
 */
export function useFollowDocumentJob(): FollowDocumentJob {
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  // The ends of the followings under way, called when the component goes.
  const following = useRef(new Set<() => void>());
  useEffect(() => {
    const current = following.current;
    return () => {
      for (const abandon of current) abandon();
    };
  }, []);

  const show = (job: DocumentJob) => {
    const key = noticeKey(job);
    if (job.status === 'done') notification.destroy(key);
    else if (job.status === 'failed')
      notification.error({ key, title: job.message ?? DOCUMENT_JOB_FAILED_MESSAGE, duration: 0 });
    else
      notification.open({
        key,
        title: DOCUMENT_JOB_PREPARING_TITLE,
        description: <JobProgress job={job} />,
        duration: 0,
      });
  };

  /** The job's last state, once it is done or failed; each state on the way is shown. */
  const settled = (first: DocumentJob) =>
    new Promise<DocumentJob>((resolve, reject) => {
      // Another request for the same document may have joined this job: its query is shared.
      const observer = new QueryObserver(queryClient, documentJobQueryOptions(first));
      let shown: DocumentJob | undefined;
      const end = () => {
        unsubscribe();
        following.current.delete(abandon);
      };
      const abandon = () => {
        end();
        notification.destroy(noticeKey(first));
        reject(new DOMException('The page that asked for the document is gone.', 'AbortError'));
      };
      const hear = (result: QueryObserverResult<DocumentJob>) => {
        if (result.isError) {
          end();
          reject(result.error);
        } else if (result.data !== undefined && result.data !== shown) {
          shown = result.data;
          show(shown);
          if (isSettled(shown)) {
            end();
            resolve(shown);
          }
        }
      };
      following.current.add(abandon);
      const unsubscribe = observer.subscribe(hear);
      hear(observer.getCurrentResult());
    });

  return async (first, fallbackName) => {
    if (isSettled(first)) show(first);
    const job = isSettled(first) ? first : await settled(first);
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
  };
}
