import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

// With SMTP_URL unset the server writes every mail as an RFC 822 `.eml` file into the outbox folder.
// mailparser cannot be installed here (one of its dependencies is missing from the registry), so this
// is a small decoder for what nodemailer produces: folded headers, RFC 2047 encoded words, nested
// multipart bodies, quoted-printable / base64 / 7bit / 8bit parts, any charset TextDecoder knows.

export interface MailPart {
  readonly contentType: string;
  readonly text: string;
}

export interface ParsedMail {
  /** Header values, decoded, by lower-case name (the last one wins). */
  readonly headers: ReadonlyMap<string, string>;
  readonly subject: string;
  readonly to: string;
  /** The decoded text/plain body, if any. */
  readonly text?: string;
  /** The decoded text/html body, if any. */
  readonly html?: string;
  /** Every decoded leaf part (attachments included when textual). */
  readonly parts: readonly MailPart[];
}

export interface OutboxMail extends ParsedMail {
  readonly file: string;
}

interface RawEntity {
  readonly headers: Map<string, string>;
  /** Body as a binary string (one char per byte), so charsets are decoded only once, at the end. */
  readonly body: string;
}

function splitEntity(raw: string): RawEntity {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Unfold: a line starting with whitespace continues the previous header (RFC 5322 §2.2.3).
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

interface ContentType {
  readonly type: string;
  readonly params: ReadonlyMap<string, string>;
}

function parseContentType(value: string | undefined): ContentType {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const name = param.slice(0, eq).trim().toLowerCase();
    const raw = param.slice(eq + 1).trim();
    params.set(name, raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
  }
  return { type: type.trim().toLowerCase(), params };
}

function bytesOf(binary: string): Buffer {
  return Buffer.from(binary, 'latin1');
}

function decodeCharset(bytes: Uint8Array, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    // Unknown label: UTF-8 is what nodemailer writes anyway.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Quoted-printable (RFC 2045 §6.7) to bytes: soft line breaks vanish, =XX become bytes. */
export function decodeQuotedPrintable(input: string): Buffer {
  // Whitespace before a soft break is text ('word =' + newline); whitespace before a hard line end
  // is transport padding and goes.
  const withoutSoftBreaks = input.replace(/=[ \t]*\r?\n/g, '').replace(/[ \t]+(?=\r?\n)/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < withoutSoftBreaks.length; i++) {
    const char = withoutSoftBreaks[i] as string;
    const hex = withoutSoftBreaks.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeTransfer(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').trim().toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    default:
      return bytesOf(body);
  }
}

/** RFC 2047 encoded words, e.g. `=?UTF-8?B?0KHQutC40LTQsNC90L3Rjw==?=` or `=?utf-8?Q?=D0=A1?=`. */
export function decodeEncodedWords(value: string): string {
  // Whitespace between two adjacent encoded words is not part of the text (RFC 2047 §6.2).
  const joined = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  return joined.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (_whole, charset: string, kind: string, data: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : decodeQuotedPrintable(data.replace(/_/g, ' '));
      return decodeCharset(bytes, charset.replace(/\*.*$/, ''));
    },
  );
}

function collectParts(entity: RawEntity, parts: MailPart[]): void {
  const contentType = parseContentType(entity.headers.get('content-type'));
  const boundary = contentType.params.get('boundary');
  if (contentType.type.startsWith('multipart/') && boundary) {
    const delimiter = `--${boundary}`;
    const chunks = entity.body.split(delimiter);
    // chunks[0] is the preamble; a chunk starting with '--' is the epilogue after the close delimiter.
    for (const chunk of chunks.slice(1)) {
      if (chunk.startsWith('--')) break;
      collectParts(splitEntity(chunk.replace(/^[ \t]*\r?\n/, '').replace(/\r?\n$/, '')), parts);
    }
    return;
  }
  if (contentType.type === 'message/rfc822') {
    collectParts(splitEntity(entity.body), parts);
    return;
  }
  const bytes = decodeTransfer(entity.body, entity.headers.get('content-transfer-encoding'));
  parts.push({
    contentType: contentType.type,
    text: decodeCharset(bytes, contentType.params.get('charset')),
  });
}

/** Decodes a raw RFC 822 message (as bytes, or as a binary/latin1 string). */
export function parseEml(raw: Buffer | string): ParsedMail {
  const binary = typeof raw === 'string' ? raw : raw.toString('latin1');
  const top = splitEntity(binary);
  const headers = new Map<string, string>();
  for (const [name, value] of top.headers) {
    // Header bytes may be raw UTF-8 (SMTPUTF8) as well as encoded words.
    headers.set(name, decodeEncodedWords(decodeCharset(bytesOf(value))));
  }
  const parts: MailPart[] = [];
  collectParts(top, parts);
  return {
    headers,
    subject: headers.get('subject') ?? '',
    to: headers.get('to') ?? '',
    text: parts.find((part) => part.contentType === 'text/plain')?.text,
    html: parts.find((part) => part.contentType === 'text/html')?.text,
    parts,
  };
}

function decodeHtmlEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The first link of a mail to the app's `path` (a RegExp source, e.g. `\/invitations\/`):
 * `http(s)://…<path>…`, from the text part, else from the HTML part (entities decoded). Undefined when the mail
 * has none.
 */
function findAppLink(mail: ParsedMail, path: string): string | undefined {
  const pattern = new RegExp(`https?:\\/\\/[^\\s"'<>]+${path}[^\\s"'<>]+`);
  for (const body of [mail.text, mail.html, ...mail.parts.map((part) => part.text)]) {
    const match = body ? pattern.exec(body) : null;
    // Plain text may put punctuation or a closing bracket right after the link.
    if (match) return decodeHtmlEntities(match[0]).replace(/[.,;:!?)\]]+$/, '');
  }
  return undefined;
}

/** The password-reset link of a mail: `http(s)://…/password/reset/<token>?email=…`. */
export const findResetLink = (mail: ParsedMail): string | undefined =>
  findAppLink(mail, '\\/password\\/reset\\/');

/** The link of an invitation mail (issue 22): `http(s)://…/invitations/<token>`. */
export const findInvitationLink = (mail: ParsedMail): string | undefined =>
  findAppLink(mail, '\\/invitations\\/');

export interface WaitForMailOptions {
  /** Only mails whose To header contains this address (case-insensitive). */
  readonly to?: string;
  /** Only files modified at or after this time (ms since epoch), e.g. Date.now() before the action. */
  readonly since?: number;
  readonly timeoutMs?: number;
}

/**
 * Waits for the newest `.eml` in outboxDir matching the options and returns it decoded. A file is
 * read only once its size stops changing between two polls, so a mail still being written is not
 * half-parsed.
 */
export async function waitForMail(
  outboxDir: string,
  { to, since = 0, timeoutMs = 15_000 }: WaitForMailOptions = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  const lastSizes = new Map<string, number>();
  let seen: string[] = [];
  for (;;) {
    let names: string[] = [];
    try {
      names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
    } catch (error) {
      // The server creates the outbox with its first mail.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const files = await Promise.all(
      names.map(async (name) => {
        const file = join(outboxDir, name);
        const info = await stat(file);
        return { file, mtimeMs: info.mtimeMs, size: info.size };
      }),
    );
    files.sort((a, b) => b.mtimeMs - a.mtimeMs);
    seen = files.map((entry) => entry.file);
    for (const entry of files) {
      // Filesystem timestamps can trail Date.now() by a few ms (coarse clocks): allow 1 s of slack.
      if (entry.mtimeMs < since - 1_000) break;
      const stable = lastSizes.get(entry.file) === entry.size && entry.size > 0;
      lastSizes.set(entry.file, entry.size);
      if (!stable) continue;
      const mail = parseEml(await readFile(entry.file));
      if (to && !mail.to.toLowerCase().includes(to.toLowerCase())) continue;
      return { ...mail, file: entry.file };
    }
    if (Date.now() > deadline) {
      throw new Error(
        `no mail${to ? ` to ${to}` : ''} appeared in ${outboxDir} within ${timeoutMs / 1000} s ` +
          `(files there: ${seen.length > 0 ? seen.join(', ') : 'none'})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
