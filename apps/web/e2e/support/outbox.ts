import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

import PostalMime, { type Email } from 'postal-mime';

// With SMTP_URL unset the server writes every mail as an RFC 822 `.eml` file into the outbox folder; postal-mime
// reads it (headers, encoded words, multipart bodies, transfer encodings and charsets).

export interface OutboxMail extends Email {
  readonly file: string;
}

/** Whether `mail` is addressed to `address` (case-insensitive), groups included. */
const isTo = (mail: Email, address: string) =>
  (mail.to ?? [])
    .flatMap((entry) => entry.group ?? [entry])
    .some((mailbox) => mailbox.address.toLowerCase() === address.toLowerCase());

/**
 * The first link of a mail to the app's `path` (a RegExp source, e.g. `\/invitations\/`):
 * `http(s)://…<path>…`, from its text part (every mail of the server has one). Undefined when the mail has none.
 */
function findAppLink(mail: Email, path: string): string | undefined {
  const pattern = new RegExp(`https?:\\/\\/[^\\s"'<>]+${path}[^\\s"'<>]+`);
  const match = pattern.exec(mail.text ?? '');
  // Plain text may put punctuation or a closing bracket right after the link.
  return match?.[0].replace(/[.,;:!?)\]]+$/, '');
}

/** The password-reset link of a mail: `http(s)://…/password/reset/<token>?email=…`. */
export const findResetLink = (mail: Email): string | undefined =>
  findAppLink(mail, '\\/password\\/reset\\/');

/** The link of an invitation mail (issue 22): `http(s)://…/invitations/<token>`. */
export const findInvitationLink = (mail: Email): string | undefined =>
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
      const mail = await PostalMime.parse(await readFile(entry.file));
      if (to && !isTo(mail, to)) continue;
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
