/** Ukrainian letters in Latin by the official transliteration (Cabinet of Ministers resolution No. 55 of 2010). */
export const UKRAINIAN_LATIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ю: 'iu',
  я: 'ia',
  ь: '',
  ъ: '',
  ы: 'y',
  э: 'e',
  ё: 'io',
};
/** The letters written otherwise at the start of a word. */
const WORD_START: Readonly<Record<string, string>> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

/** `text` in Latin letters, lower case: «Зграя Їжаків» → `zghraia yizhakiv`; other characters stay. */
export function transliterate(text: string): string {
  const lower = text.toLowerCase();
  let result = '';
  let previous = '';
  for (const letter of lower) {
    const atStart = !/[a-zа-яґєії0-9'’ʼ]/.test(previous);
    // «зг» is written `zgh`, so it does not read as «ж».
    const mapped = letter === 'г' && previous === 'з' ? 'gh' : undefined;
    result +=
      mapped ?? (atStart ? WORD_START[letter] : undefined) ?? UKRAINIAN_LATIN[letter] ?? letter;
    previous = letter;
  }
  return result;
}
