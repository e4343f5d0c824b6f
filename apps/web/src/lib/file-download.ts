import type { ApiRoute } from '@medcalc/domain';
import { useMutation } from '@tanstack/react-query';

import { fileNameFromContentDisposition, saveFile } from '@/utils/file-download';

import { callApiForBlob, type BlobRequestOptions, type CallInput } from './api-client';

/** A generated document: its bytes and the name to save it under. */
export type DownloadedFile = { blob: Blob; fileName: string };

/**
 * Calls a file route of the route table (a PDF or an XLSX) and names the file: the Ukrainian name the server
 * gives it in `Content-Disposition` (`filename*`, else `filename`), else `fallbackName`. Errors come as
 * `{ message }` and are toasted by the api client (`fallbackErrorMessage` when there is none).
 */
export async function downloadFile<R extends ApiRoute & { answer: null }>(
  route: R,
  options: CallInput<R> & Omit<BlobRequestOptions, 'body' | 'params'>,
  fallbackName: string,
): Promise<DownloadedFile> {
  const { blob, headers } = await callApiForBlob(route, options);
  return {
    blob,
    fileName: fileNameFromContentDisposition(headers.get('Content-Disposition'), fallbackName),
  };
}

/**
 * A download that saves what it got on the device. Use one per link: each link then has its own `isPending`,
 * so only the one being generated spins while the others stay usable.
 */
export const useFileDownload = <TInput>(download: (input: TInput) => Promise<DownloadedFile>) =>
  useMutation({
    mutationFn: download,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
