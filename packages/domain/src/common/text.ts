/**
 * Small text rules several screens and documents share (issue 33): a label inside a sentence, a name cut to a
 * length at a word boundary, and a search that finds words in any order.
 */

/** Capitals of an abbreviation («ЄСВ», «ПДВ», «ФОП»): two or more upper-case letters and nothing else. */
const ABBREVIATION = /^\p{Lu}{2,}$/u;

/**
 * A label as it reads inside a sentence: its first letter lower-cased («Основна заробітна плата» → «основна
 * заробітна плата»), every other letter as written, so «ЄСВ» stays «ЄСВ» (issue 33: «… з єсв»); a label that
 * starts with an abbreviation is returned as it is.
 */
export function lowerFirst(label: string): string {
  const firstWord = label.split(/[\s,.;:()«»-]/u, 1)[0] ?? '';
  if (ABBREVIATION.test(firstWord)) return label;
  const [first = '', ...rest] = Array.from(label);
  return `${first.toLocaleLowerCase('uk')}${rest.join('')}`;
}

/**
 * `text` in at most `room` characters (code points, so a character outside the BMP is never cut in half): as it is
 * when it fits, else the whole words that fit followed by «…» (a first word longer than the room is cut inside,
 * with «…»). Trailing spaces and punctuation before «…» go. Excel's sheet names and download file names use it, so
 * neither is cut mid-word (issue 33).
 */
export function cutAtWord(text: string, room: number): string {
  const characters = Array.from(text);
  if (characters.length <= room) return text;
  const head = characters.slice(0, room - 1).join('');
  const atWordEnd = characters[room - 1] === ' ';
  const space = head.lastIndexOf(' ');
  const kept = atWordEnd || space <= 0 ? head : head.slice(0, space);
  return `${kept.trimEnd().replace(/[\s,.;:«—–-]+$/u, '')}…`;
}

/**
 * The form of a noun after a count, as Ukrainian agrees it: `one` after 1, 21, 101…, `few` after 2–4, 22–24…,
 * `many` after 0, 5–20, 25–30… (11–14 take `many`): `ukrainianPlural(3, ['послуга', 'послуги', 'послуг'])` →
 * «послуги».
 */
export function ukrainianPlural(
  count: number,
  [one, few, many]: readonly [one: string, few: string, many: string],
): string {
  const lastTwo = count % 100;
  const last = count % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

/** Case and the apostrophes people type differently folded, so «пов’язаний» is found however it is typed. */
export const foldForSearch = (text: string): string =>
  text.toLocaleLowerCase('uk').replace(/[’'ʼ`]/gu, "'");

/**
 * True when every word of `query` occurs somewhere in `text`, in any order and case (issue 33: «лікар хірург»
 * finds «Хірург, лікар вищої категорії»); a blank query matches everything.
 */
export function matchesAllWords(text: string, query: string): boolean {
  const haystack = foldForSearch(text);
  return foldForSearch(query)
    .split(/\s+/u)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}

/**
 * Ukrainian alphabetical order (А Б В Г Ґ Д Е Є Ж З И І Ї Й …), case and accents aside, numbers by value
 * («Кабінет 2» before «Кабінет 10»): the one order every list of names is sorted in. Comparing code points would
 * put Є, І and Ї before А and Ґ after Я, and PostgreSQL's ORDER BY depends on the database's collation (`C` sorts
 * by code point), so lists are sorted with this (Node's full ICU) rather than in SQL.
 */
export const compareUkrainian: (a: string, b: string) => number = new Intl.Collator('uk', {
  sensitivity: 'base',
  numeric: true,
}).compare;
