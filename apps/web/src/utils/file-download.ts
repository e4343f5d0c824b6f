/**
 * Saving a file the server generated (a PDF) on the user's device, and the name it is saved under.
 */

/**
 * How long the object URL outlives the click. Browsers start the download asynchronously, and some (Firefox,
 * older Safari) fail it when the URL is revoked at once; a few seconds hold one PDF in memory, nothing more.
 */
export const OBJECT_URL_LIFETIME_MS = 10_000;

function decodeExtendedValue(value: string): string | undefined {
  // RFC 5987: charset'language'percent-encoded-octets; the server sends UTF-8, the only charset browsers agree on.
  const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value.trim());
  if (match === null) return undefined;
  const [, charset = '', encoded = ''] = match;
  if (charset.toLowerCase() !== 'utf-8') return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

/** The parameters of a `Content-Disposition` value, names lower-cased; quoted values may hold `;`. */
function readParameters(header: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const [, name = '', value = ''] of header.matchAll(pattern)) {
    const key = name.toLowerCase();
    if (!parameters.has(key)) parameters.set(key, value);
  }
  return parameters;
}

/** Drops any folder part, so a name can never point outside the downloads folder. */
function baseName(name: string): string {
  return name.split(/[/\\]/).pop()?.trim() ?? '';
}

/**
 * The file name a `Content-Disposition` header gives: RFC 5987 `filename*` (UTF-8, how the server sends a
 * Ukrainian name) first, then the plain `filename`, otherwise `fallback`.
 */
export function fileNameFromContentDisposition(
  header: string | null | undefined,
  fallback: string,
): string {
  if (header === null || header === undefined) return fallback;
  const parameters = readParameters(header);
  const extended = parameters.get('filename*');
  const decoded =
    extended === undefined ? undefined : baseName(decodeExtendedValue(extended) ?? '');
  if (decoded) return decoded;
  const plain = parameters.get('filename');
  const name = plain === undefined ? '' : baseName(unquote(plain));
  return name === '' ? fallback : name;
}

/**
 * Hands `blob` to the browser as a download named `fileName`: an object URL on a temporary `<a download>`,
 * clicked once, removed at once, its URL revoked a little later ({@link OBJECT_URL_LIFETIME_MS}).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  }
}
