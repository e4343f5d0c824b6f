import { useMutation } from '@tanstack/react-query';

import { useBusyRetryNotice } from '@/hooks/use-busy-retry-notice';
import { useFollowDocumentJob } from '@/hooks/use-follow-document-job';
import type { FollowDocumentJob } from '@/lib/document-job';
import type { DownloadedFile } from '@/lib/file-download';
import { saveFile } from '@/utils/file-download';

/**
 * A mutation whose `mutate`, when the server answers 503 (its document queue is full), shows the server's message
 * with «Спробувати ще раз», which runs the same input again (use-busy-retry-notice.tsx).
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
 * message and a retry button; a large document's job with its progress bar (use-follow-document-job.tsx).
 */
export function useFileDownload<TInput>(
  download: (input: TInput, follow: FollowDocumentJob) => Promise<DownloadedFile>,
) {
  // A large document's job shows «Формуємо документ…» with its progress until the file comes (issue 24 §1).
  const follow = useFollowDocumentJob();
  return useRetryingMutation(
    useMutation<DownloadedFile, Error, TInput>({
      mutationFn: (input) => download(input, follow),
      onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    }),
  );
}
