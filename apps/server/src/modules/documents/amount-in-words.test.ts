import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';

describe('amountInWords', () => {
  it.each([
    ['0.00', 'Нуль гривень 00 копійок'],
    ['1.00', 'Одна гривня 00 копійок'],
    ['2.00', 'Дві гривні 00 копійок'],
    ['5.00', 'П’ять гривень 00 копійок'],
    ['11.00', 'Одинадцять гривень 00 копійок'],
    ['21.00', 'Двадцять одна гривня 00 копійок'],
    ['1000.00', 'Одна тисяча гривень 00 копійок'],
    ['1000000.00', 'Один мільйон гривень 00 копійок'],
    ['720.00', 'Сімсот двадцять гривень 00 копійок'],
    ['2222.00', 'Дві тисячі двісті двадцять дві гривні 00 копійок'],
    ['234567.00', 'Двісті тридцять чотири тисячі п’ятсот шістдесят сім гривень 00 копійок'],
    // The kopecks take the right form too.
    ['0.01', 'Нуль гривень 01 копійка'],
    ['0.02', 'Нуль гривень 02 копійки'],
    ['0.05', 'Нуль гривень 05 копійок'],
    ['0.11', 'Нуль гривень 11 копійок'],
    ['0.21', 'Нуль гривень 21 копійка'],
    ['1000.10', 'Одна тисяча гривень 10 копійок'],
    ['1000000.99', 'Один мільйон гривень 99 копійок'],
    ['22.5', 'Двадцять дві гривні 50 копійок'],
  ])('writes %s as «%s»', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('reads a number to the kopeck, and writes Ukrainian letters only', () => {
    expect(amountInWords(480)).toBe('Чотириста вісімдесят гривень 00 копійок');
    expect(amountInWords(0.1 + 0.2)).toBe('Нуль гривень 30 копійок');
    // No Latin letter (n2words spells «і» as the Latin «i»), and the Ukrainian apostrophe.
    expect(amountInWords('1234567.89')).toMatch(/^[А-ЯІЇЄҐа-яіїєґ’ 0-9]+$/u);
  });

  it('refuses what is not a sum of money', () => {
    expect(() => amountInWords('-5.00')).toThrow();
    expect(() => amountInWords('12,50')).toThrow();
  });
});
