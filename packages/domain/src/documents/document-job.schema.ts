import { z } from '../common/zod';

/*
 * Long documents as jobs (issue 24 §1). A document whose size the server knows in advance to be large (the lines
 * of the order it lays out, {@link documentJobLines}) is not rendered while the request waits: `POST
 * /api/orders/pdf` and `/api/orders/xlsx` (and the administrator's PDF call) answer 202 at once with a job, which
 * the web follows (`GET /api/document-jobs/:jobId`, with its progress) until its file can be downloaded (`GET
 * /api/document-jobs/:jobId/file`). Small documents answer as the spec's calls always did: the file itself.
 */

/** Where a job is: waiting its company's turn, being rendered, its file ready, or failed. */
export const DOCUMENT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type DocumentJobStatus = (typeof DOCUMENT_JOB_STATUSES)[number];

/**
 * What the progress counts: the services laid out so far (the print set's parts), then the pages pdfmake has laid
 * out (the total of pages is estimated from the document's rows before it is laid out), or workbook rows.
 */
export const DOCUMENT_JOB_PROGRESS_UNITS = ['services', 'pages', 'rows'] as const;
export type DocumentJobProgressUnit = (typeof DOCUMENT_JOB_PROGRESS_UNITS)[number];

export const documentJobProgressSchema = z.object({
  unit: z.enum(DOCUMENT_JOB_PROGRESS_UNITS),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** The whole job's share done, 0–100 (100 only once the file is ready). */
  percent: z.number().int().min(0).max(100),
});
export type DocumentJobProgress = z.infer<typeof documentJobProgressSchema>;

/** A document job as its company (or the administrator who asked) sees it. */
export const documentJobSchema = z.object({
  id: z.string(),
  status: z.enum(DOCUMENT_JOB_STATUSES),
  progress: documentJobProgressSchema,
  /** The file's Ukrainian name once it is ready. */
  fileName: z.string().nullable(),
  /** Why a failed job failed, in Ukrainian. */
  message: z.string().nullable(),
  /** Until when the file is kept (a day after it was made), ISO 8601. */
  expiresAt: z.string(),
});
export type DocumentJob = z.infer<typeof documentJobSchema>;

/** The 202 answer of a document call for a large document, and the answer of the job's status call. */
export const documentJobAnswerSchema = z.object({ job: documentJobSchema });
export type DocumentJobAnswer = z.infer<typeof documentJobAnswerSchema>;

/** 404 of a job that is not the caller's, never was, or whose day has passed. */
export const DOCUMENT_JOB_NOT_FOUND_MESSAGE =
  'Документ не знайдено: його сформовано для іншого користувача або термін зберігання (доба) минув.';

/** A job id: the server's random token (letters, digits, `_`, `-`). */
export const documentJobParamsSchema = z.object({
  jobId: z
    .string()
    .min(1, DOCUMENT_JOB_NOT_FOUND_MESSAGE)
    .max(100, DOCUMENT_JOB_NOT_FOUND_MESSAGE)
    .regex(/^[\w-]+$/, DOCUMENT_JOB_NOT_FOUND_MESSAGE),
});

/** 409 of a job's file asked for before it is ready. */
export const DOCUMENT_JOB_NOT_READY_MESSAGE = 'Документ ще формується. Зачекайте, будь ласка.';

/** The web's title while a job runs. */
export const DOCUMENT_JOB_PREPARING_TITLE = 'Формуємо документ…';

/** A job that failed without a message of its own (a worker error), or was cut off by a restart. */
export const DOCUMENT_JOB_FAILED_MESSAGE = 'Не вдалося сформувати документ. Спробуйте ще раз.';

/**
 * 429 of a document call while the company already has as many large documents waiting or being made as it may
 * (issue 34, config DOCUMENT_JOB_QUEUE): one account cannot fill the queue; what it asked for still arrives.
 */
export const DOCUMENT_JOBS_QUEUE_FULL_MESSAGE =
  'Ваша установа вже має в черзі найбільшу кількість великих документів. Дочекайтеся, поки вони сформуються, і спробуйте ще раз.';

/**
 * 429 of a document call while the company's own documents already fill its share of the document workers (issue
 * 34, config DOCUMENT_COMPANY_RENDERS): the other companies' documents keep their share.
 */
export const DOCUMENTS_COMPANY_BUSY_MESSAGE =
  'Ваша установа вже формує кілька документів одночасно. Дочекайтеся, поки вони завантажаться, і спробуйте ще раз.';

/** How long a job's file is kept for its company. */
export const DOCUMENT_JOB_KEEP_HOURS = 24;

/** The services, pages or rows of the job's progress, as the web shows them under the bar. */
export function documentJobProgressText(job: Pick<DocumentJob, 'status' | 'progress'>): string {
  const { unit, done, total } = job.progress;
  if (job.status === 'queued') return 'Документ у черзі: зачекайте, поки сформуються попередні.';
  if (job.status === 'done') return 'Документ готовий.';
  if (total === 0) return 'Підготовка…';
  if (unit === 'services') return `Послуг розмічено: ${done} з ${total}`;
  if (unit === 'pages') return `Сторінок сформовано: ${done} з приблизно ${total}`;
  return `Рядків записано: ${done} з ${total}`;
}
