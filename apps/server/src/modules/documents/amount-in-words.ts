import { toCurrency } from 'n2words/uk-UA';

/*
 * The total of a рахунок на оплату in words, as Ukrainian payment documents write it: the hryvnias in words, the
 * kopecks in two digits with their noun («Сімсот двадцять гривень 00 копійок»). The words and the agreement of
 * «гривня» with its number (одна гривня, дві гривні, п’ять гривень; feminine «одна», «дві») are the maintained
 * library n2words' (`toCurrency` of uk-UA, MIT), not a speller of ours.
 */

/**
 * n2words 4.0 writes the Ukrainian «і» as the Latin «i» (U+0069) and the apostrophe as «'»: on paper they look the
 * same, but a search or a copy into a bank's form would not find «гривні». Both are put right here.
 */
const toUkrainianLetters = (text: string) => text.replace(/i/g, 'і').replace(/'/g, '’');

/** The form of «копійка» a number takes (CLDR's Ukrainian plural rules: 1 копійка, 2 копійки, 5 копійок). */
const KOPECK_FORMS: Record<string, string> = {
  one: 'копійка',
  few: 'копійки',
  many: 'копійок',
  other: 'копійки',
};
const PLURAL_RULES = new Intl.PluralRules('uk');

/**
 * A sum of money in words: «Одна тисяча двісті гривень 05 копійок». `amount` is the stored decimal string
 * (`'720.00'`) or a number of hryvnias; it is read to the kopeck, so a binary fraction never changes a digit.
 */
export function amountInWords(amount: string | number): string {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`amount '${text}' is not a non-negative sum of money`);
  const [, hryvnias = '0', fraction = ''] = match;
  const kopecks = fraction.padEnd(2, '0');
  const words = toUkrainianLetters(toCurrency(BigInt(hryvnias)));
  const kopeckForm = KOPECK_FORMS[PLURAL_RULES.select(Number(kopecks))] ?? KOPECK_FORMS.many;
  return `${words.charAt(0).toLocaleUpperCase('uk')}${words.slice(1)} ${kopecks} ${kopeckForm}`;
}
