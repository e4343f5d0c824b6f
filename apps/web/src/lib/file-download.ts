import { documentJobAnswerSchema, type ApiRoute } from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { fileNameFromContentDisposition, saveFile } from '@/utils/file-download';

import { callApiForBlob, type CallInput } from './api-client';
import type { BlobRequestOptions } from './request-options';
import { useBusyRetryNotice } from './busy-retry';
import { BUSY_STATUSES } from './http-failures';
import { followDocumentJob, useDocumentJobNotice, type DocumentJobWatch } from './document-job';

/** A generated document: its bytes and the name to save it under. */
export type DownloadedFile = { blob: Blob; fileName: string };

/**
 * Calls a file route of the route table (a PDF or an XLSX) and names the file: the Ukrainian name the server
 * gives it in `Content-Disposition` (`filename*`, else `filename`), else `fallbackName`. Errors come as
 * `{ message }` and are toasted by the api client (`fallbackErrorMessage` when there is none), except a 503 (the
 * server's document queue is full): {@link useFileDownload} shows that one with a retry button. A large document
 * answers with a job (issue 24 §1), which is followed to its file, `watch` hearing its progress (document-job.tsx).
 */
export async function downloadFile<R extends ApiRoute & { answer: null }>(
  route: R,
  options: CallInput<R> & Omit<BlobRequestOptions, 'body' | 'params'>,
  fallbackName: string,
  watch?: DocumentJobWatch,
): Promise<DownloadedFile> {
  const { blob, headers } = await callApiForBlob(route, {
    ...options,
    quietStatuses: [...(options.quietStatuses ?? []), ...BUSY_STATUSES],
  });
  // A large document answers 202 with a job (issue 24 §1), never a file in JSON: follow it to its file.
  if (headers.get('Content-Type')?.startsWith('application/json')) {
    const { job } = documentJobAnswerSchema.parse(JSON.parse(await blob.text()));
    return followDocumentJob(job, fallbackName, watch);
  }
  return {
    blob,
    fileName: fileNameFromContentDisposition(headers.get('Content-Disposition'), fallbackName),
  };
}

/**
 * A mutation whose `mutate`, when the server answers 503 (its document queue is full), shows the server's message
 * with «Спробувати ще раз», which runs the same input again (busy-retry.tsx).
 */
export function useRetryingMutation<TData, TInput>(
  mutation: ReturnType<typeof useMutation<TData, Error, TInput>>,
) {
  const noticeBusy = useBusyRetryNotice();
  const { mutate } = mutation;
  function run(input: TInput) {
    mutate(input, { onError: (error) => noticeBusy(error, () => run(input)) });
  }
  return { ...mutation, mutate: run };
}

/**
 * A download that saves what it got on the device. Use one per link: each link then has its own `isPending`,
 * so only the one being generated spins while the others stay usable. A busy server (503) is shown with its
 * message and a retry button; a large document's job with its progress bar (document-job.tsx).
 */
export function useFileDownload<TInput>(
  download: (input: TInput, watch: DocumentJobWatch) => Promise<DownloadedFile>,
) {
  // A large document's job shows «Формуємо документ…» with its progress until the file comes (issue 24 §1).
  const watch = useDocumentJobNotice();
  return useRetryingMutation(
    useMutation<DownloadedFile, Error, TInput>({
      mutationFn: (input) => download(input, watch),
      onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    }),
  );
}
