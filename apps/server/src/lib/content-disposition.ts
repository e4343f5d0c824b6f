import type { Readable } from 'node:stream';
import { cutAtWord, UKRAINIAN_LATIN } from '@medcalc/domain';
import type { FastifyReply } from 'fastify';

/** A file to send as a download: its name, its type, and its bytes (or a stream of them with their `size`). */
export interface Attachment {
  fileName: string;
  contentType: string;
  body: Buffer | Uint8Array | Readable;
  /** Content-Length, for a stream (a buffer's length Fastify sets itself). */
  size?: number;
}

/**
 * Sends `file` as a download (every file answer of the API: documents, workbooks, backups): its type, its name in
 * {@link attachmentDisposition}, never cached (it holds a company's data).
 */
export function sendAttachment(reply: FastifyReply, file: Attachment): FastifyReply {
  void reply
    .type(file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'no-store');
  if (file.size !== undefined) void reply.header('content-length', file.size);
  return reply.send(file.body);
}

/** A named download's answer as OpenAPI shows it (a table route's `fileAnswer`): its type and disposition. */
export const namedFileAnswer = (contentType: string): string =>
  `${contentType}; Content-Disposition: attachment; filename="…"; filename*=UTF-8''…`;

/**
 * `Content-Disposition: attachment` for a download whose name is Ukrainian (RFC 6266 with RFC 5987's `filename*`):
 * browsers take `filename*=UTF-8''<percent-encoded name>`; `filename="…"` is an ASCII fallback for clients that do
 * not (the Cyrillic transliterated by the national table of CMU resolution 55 of 2010, anything else left out).
 * Characters no file system takes (`/ \ : * ? " < > |`, control characters) are replaced first, so the name is
 * also safe to save as it is.
 */
export function attachmentDisposition(fileName: string): string {
  const safe = safeFileName(fileName);
  return `attachment; filename="${asciiFallback(safe)}"; filename*=UTF-8''${encodeRfc5987(safe)}`;
}

/** Longest file name, characters, before the extension: most file systems take 255 bytes. */
const MAX_NAME = 120;

/** The name with characters file systems refuse replaced, spaces collapsed and its length bounded. */
export function safeFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot) : '';
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  // Cut after a whole word with «…» (issue 33), as Excel's sheet names are.
  const bounded = cutAtWord(stem, MAX_NAME).trim();
  return `${bounded || 'document'}${extension}`;
}

/** RFC 5987 `value-chars`: encodeURIComponent leaves `'()*!` alone, which the RFC's attr-char does not allow. */
export function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Ukrainian → Latin (the domain's national transliteration, word-initial forms aside), plus the punctuation. */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  ...UKRAINIAN_LATIN,
  '’': '',
  ʼ: '',
  '«': '',
  '»': '',
  '—': '-',
  '–': '-',
  '№': 'No',
};

/** The ASCII fallback of a file name: transliterated, other non-ASCII characters and quotes dropped. */
export function asciiFallback(fileName: string): string {
  let out = '';
  for (const char of fileName) {
    const lower = char.toLowerCase();
    const mapped = TRANSLITERATION[lower];
    if (mapped !== undefined) {
      out +=
        char !== lower && mapped.length > 0 ? mapped[0]?.toUpperCase() + mapped.slice(1) : mapped;
    } else if (/^[\x20-\x7e]$/.test(char) && char !== '"' && char !== '\\') {
      out += char;
    }
  }
  const collapsed = out
    .replace(/\s+/g, ' ')
    .replace(/\s+(?=\.[^.]*$)/, '')
    .trim();
  return collapsed.startsWith('.') || collapsed === '' ? `document${collapsed}` : collapsed;
}
