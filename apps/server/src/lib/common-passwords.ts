import { PASSWORD_COMMON_MESSAGE } from '@medcalc/domain';
import { AppError } from './app-error';

/**
 * Words of this service a password must not be built on (the README's public passwords among them): the list
 * below knows no «medcalc».
 */
const SERVICE_WORDS = ['medcalc', 'medcalc-admin', 'medcalc-demo', 'медкалк'];

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * Issue 34: the list of common and breached passwords shipped with the project — `@zxcvbn-ts/language-common`'s
 * `passwords-common` (MIT, 49 233 passwords ranked by how often they appear in public breach corpora; the
 * package is 1.9 MB unpacked), loaded once on first use, lower-cased, with {@link SERVICE_WORDS}.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        [...dictionary['passwords-common'], ...SERVICE_WORDS].map((word) => word.toLowerCase()),
      ),
  );
  return common;
}

/**
 * Whether a password is common: found in the list as typed (any case), or as one of its words with digits and
 * symbols added at the end («Sunshine2026!», «qwerty123456»), the usual way round a length rule.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  const folded = password.toLowerCase();
  const stem = folded.replace(/[^\p{L}]+$/u, '');
  return list.has(folded) || (stem.length >= 4 && list.has(stem));
}

/** 422 under `field` (Ukrainian, {@link PASSWORD_COMMON_MESSAGE}) for a new password found by {@link isCommonPassword}. */
export async function assertUncommonPassword(password: string, field = 'password') {
  if (await isCommonPassword(password)) throw AppError.field(field, PASSWORD_COMMON_MESSAGE);
}
