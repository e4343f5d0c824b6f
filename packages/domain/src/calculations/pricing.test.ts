import { describe, expect, it } from 'vitest';
import { computeOrderCosts, computeServiceCost } from './compute-service-cost';
import { computeServicePrice, servicePriceOf } from './pricing';
import {
  WORKED_EXAMPLE_COMPANY_INFO,
  WORKED_EXAMPLE_CONTENT,
  WORKED_EXAMPLE_COST,
} from './worked-example';

/** Every price row adds up: Тариф без ПДВ + ПДВ = з ПДВ, з ПДВ + Округлення = Тариф (in kopecks). */
const kopecks = (amount: string) => Math.round(Number(amount) * 100);

describe('computeServicePrice (docs/methodology.md "VAT", "Rounding of the final price")', () => {
  it('exempt and unrounded: the tariff is Тариф без ПДВ', () => {
    // The worked example's price: VAT-exempt, unrounded.
    expect(computeServicePrice('279.84')).toEqual(WORKED_EXAMPLE_COST.price);
  });

  it('rounds half-up to 0.50 and to 1.00 UAH, with the rounding as its own row', () => {
    expect(computeServicePrice('279.84', 'exempt', '0.50')).toMatchObject({
      roundingAmount: '0.16',
      tariff: '280.00',
    });
    expect(computeServicePrice('279.24', 'exempt', '0.50')).toMatchObject({
      roundingAmount: '-0.24',
      tariff: '279.00',
    });
    // An exact half step rounds up.
    expect(computeServicePrice('279.25', 'exempt', '0.50').tariff).toBe('279.50');
    expect(computeServicePrice('279.75', 'exempt', '0.50').tariff).toBe('280.00');
    expect(computeServicePrice('279.25', 'exempt', '1.00')).toMatchObject({
      roundingAmount: '-0.25',
      tariff: '279.00',
    });
    expect(computeServicePrice('279.50', 'exempt', '1.00').tariff).toBe('280.00');
    expect(computeServicePrice('0.00', 'exempt', '1.00').tariff).toBe('0.00');
  });

  it('VAT 20 % of Тариф без ПДВ, rounded to the kopeck; rounding then applies to the price with VAT', () => {
    // 279.84 × 20 % = 55.968 → 55.97; 279.84 + 55.97 = 335.81.
    expect(computeServicePrice('279.84', 'vat20')).toEqual({
      vatMode: 'vat20',
      vat: '55.97',
      withVat: '335.81',
      rounding: 'none',
      roundingAmount: '0.00',
      tariff: '335.81',
    });
    expect(computeServicePrice('279.84', 'vat20', '0.50')).toMatchObject({
      withVat: '335.81',
      roundingAmount: '0.19',
      tariff: '336.00',
    });
    expect(computeServicePrice('279.84', 'vat20', '1.00')).toMatchObject({
      roundingAmount: '0.19',
      tariff: '336.00',
    });
    // 0.125 × 20 % = 0.025 → 0.03 (a half kopeck rounds up).
    expect(computeServicePrice('0.13', 'vat20').vat).toBe('0.03');
  });

  it('the rows add up for every setting, also for amounts past 2^53 kopecks', () => {
    for (const amount of ['0.01', '1.49', '279.84', '999999999999.99', '123456789012345.67']) {
      for (const vat of ['exempt', 'vat20'] as const) {
        for (const rounding of ['none', '0.50', '1.00'] as const) {
          const price = computeServicePrice(amount, vat, rounding);
          if (amount.length < 16) {
            expect(kopecks(amount) + kopecks(price.vat)).toBe(kopecks(price.withVat));
            expect(kopecks(price.withVat) + kopecks(price.roundingAmount)).toBe(
              kopecks(price.tariff),
            );
          }
          expect(/^\d+\.\d{2}$/.test(price.tariff)).toBe(true);
        }
      }
    }
    expect(computeServicePrice('123456789012345.67', 'vat20', '1.00')).toMatchObject({
      vat: '24691357802469.13',
      withVat: '148148146814814.80',
      tariff: '148148146814815.00',
      roundingAmount: '0.20',
    });
  });

  it('a stored калькуляція without price rows reads as exempt and unrounded', () => {
    const { price: _price, ...stored } = WORKED_EXAMPLE_COST;
    expect(servicePriceOf(stored)).toEqual(computeServicePrice('279.84'));
  });
});

describe('the engine attaches the price rows (worked example at each setting)', () => {
  it('exempt, no rounding: 279.84', () => {
    expect(computeServiceCost(WORKED_EXAMPLE_COMPANY_INFO, WORKED_EXAMPLE_CONTENT).price).toEqual(
      WORKED_EXAMPLE_COST.price,
    );
  });

  it.each([
    ['exempt', 'none', '0.00', '279.84', '0.00', '279.84'],
    ['exempt', '0.50', '0.00', '279.84', '0.16', '280.00'],
    ['exempt', '1.00', '0.00', '279.84', '0.16', '280.00'],
    ['vat20', 'none', '55.97', '335.81', '0.00', '335.81'],
    ['vat20', '0.50', '55.97', '335.81', '0.19', '336.00'],
    ['vat20', '1.00', '55.97', '335.81', '0.19', '336.00'],
  ] as const)('%s, rounding %s', (vatMode, rounding, vat, withVat, roundingAmount, tariff) => {
    const [cost] = computeOrderCosts(
      WORKED_EXAMPLE_COMPANY_INFO,
      [{ ...WORKED_EXAMPLE_CONTENT, vat: vatMode }],
      rounding,
    );
    // The калькуляція's rows up to Тариф без ПДВ do not move; VAT and rounding come after it.
    expect(cost).toMatchObject({ summary: '243.34', summaryWithProfit: '279.84' });
    expect(cost?.price).toEqual({ vatMode, vat, withVat, rounding, roundingAmount, tariff });
  });
});
