import { describe, expect, it } from 'vitest';
import { emptyCompanyInfo, formatIban } from '@medcalc/domain';
import { DEMO_PROVIDER, type ProviderRequisites } from '../../lib/provider-requisites';
import { WORKED_INFO, workedExampleSource } from '../../../test/document-fixtures';
import { buildInvoiceData, type InvoiceSource } from './build-invoice-data';

const PROVIDER: ProviderRequisites = {
  name: 'ТОВ «Калькулятор»',
  code: '12345678',
  iban: 'UA213223130000026007233566001',
  bank: 'АТ «Банк»',
  address: 'м. Львів, пл. Ринок, 1',
  phone: '+380 32 000 00 00',
  vatNote: 'Без ПДВ',
  vatReason: 'постачальник не є платником ПДВ',
};
// Issued the day the order was placed (22.11.2026 in Kyiv).
const NUMBER = { number: 123, year: 2026, issuedAt: new Date('2026-11-22T08:00:00Z') };

/** The worked example's order in `created`, with the given services' names. */
function invoiceSource(names: string[], info = WORKED_INFO): InvoiceSource {
  const { order, companyName } = workedExampleSource({ status: 'created', info });
  return { order, companyName, services: names.map((name) => ({ name })) };
}

describe('buildInvoiceData', () => {
  it('numbers the invoice by its running number of the year and dates it the Kyiv day it was issued', () => {
    const data = buildInvoiceData(invoiceSource(['УЗД']), PROVIDER, NUMBER);
    // 2026-11-21T22:30Z is 22.11.2026 in Kyiv.
    expect(data.title).toBe('Рахунок на оплату № 123/2026 від 22.11.2026');
    expect(data.purpose).toMatch(/№ 123\/2026 від 22\.11\.2026/);
    expect(data.title).not.toContain('order0001');
    expect(data.heading.notApprovedMark).toBeNull();
  });

  it('dates an issued invoice the Kyiv day the provider issued it, and prints one not issued yet without a number (issue 34)', () => {
    const later = buildInvoiceData(invoiceSource(['УЗД']), PROVIDER, {
      number: 1,
      year: 2027,
      // 2026-12-31T22:30Z is 01.01.2027 in Kyiv.
      issuedAt: new Date('2026-12-31T22:30:00Z'),
    });
    expect(later.title).toBe('Рахунок на оплату № 1/2027 від 01.01.2027');
    const unissued = buildInvoiceData(invoiceSource(['УЗД']), PROVIDER, undefined);
    expect(unissued.title).toBe(
      'Рахунок на оплату від 22.11.2026 (номер присвоює постачальник, виставляючи рахунок)',
    );
    expect(unissued.title).not.toMatch(/№/);
    expect(unissued.purpose).toMatch(/згідно із замовленням № З-\d{4}-\d{4} від 22\.11\.2026$/);
  });

  it('charges 240,00 per service and totals by the domain fee (480,00 for two)', () => {
    const data = buildInvoiceData(
      invoiceSource(['УЗД органів черевної порожнини', ' ЕКГ ']),
      PROVIDER,
      NUMBER,
    );
    expect(data.rows).toEqual([
      {
        number: 1,
        name: 'Розрахунок собівартості та ціни платної медичної послуги «УЗД органів черевної порожнини»',
        unit: 'послуга',
        quantity: '1',
        price: '240,00',
        amount: '240,00',
      },
      {
        number: 2,
        name: 'Розрахунок собівартості та ціни платної медичної послуги «ЕКГ»',
        unit: 'послуга',
        quantity: '1',
        price: '240,00',
        amount: '240,00',
      },
    ]);
    expect(data.total).toBe('480,00');
    expect(data.totalInWords).toBe('Чотириста вісімдесят гривень 00 копійок');
    expect(data.vatNote).toBe('Без ПДВ (постачальник не є платником ПДВ)');
    expect(data.demoNote).toBeNull();
  });

  it('prints the provider from configuration and the payer from the order’s snapshot', () => {
    const data = buildInvoiceData(invoiceSource(['УЗД']), PROVIDER, NUMBER);
    expect(data.provider).toEqual([
      { label: 'Найменування', value: 'ТОВ «Калькулятор»' },
      { label: 'Код ЄДРПОУ', value: '12345678' },
      { label: 'IBAN', value: 'UA21 3223 1300 0002 6007 2335 6600 1' },
      { label: 'Банк', value: 'АТ «Банк»' },
      { label: 'Адреса', value: 'м. Львів, пл. Ринок, 1' },
      { label: 'Телефон', value: '+380 32 000 00 00' },
    ]);
    expect(data.payer).toEqual([
      { label: 'Найменування', value: WORKED_INFO.name },
      { label: 'Код ЄДРПОУ', value: '00032129' },
      { label: 'Адреса', value: 'м. Київ, вул. Ґалаґана, 14' },
    ]);
  });

  it('omits an unset phone, and falls back to the company name and dashes for an empty snapshot', () => {
    const data = buildInvoiceData(invoiceSource([], emptyCompanyInfo()), DEMO_PROVIDER, NUMBER);
    expect(data.provider.map((line) => line.label)).not.toContain('Телефон');
    expect(data.payer.map((line) => line.value)).toEqual(['КНП «Лікарня»', '—', '—']);
    expect(data.rows).toEqual([]);
    expect(data.total).toBe('0,00');
    expect(data.totalInWords).toBe('Нуль гривень 00 копійок');
  });

  it('marks every demo requisite «(демо)» and says the invoice is not for payment', () => {
    const data = buildInvoiceData(invoiceSource(['УЗД']), DEMO_PROVIDER, NUMBER);
    expect(data.demoNote).toBe('Демонстраційні реквізити постачальника: рахунок не для оплати.');
    // Marked once (issue 33: «ТОВ «Медкальк» (демо) (демо)»).
    expect(data.provider.find((line) => line.label === 'Найменування')?.value).toBe(
      'ТОВ «Медкальк» (демо)',
    );
    expect(data.provider.find((line) => line.label === 'Код ЄДРПОУ')?.value).toBe(
      '00000000 (демо)',
    );
    expect(data.provider.find((line) => line.label === 'IBAN')?.value).toBe(
      'UA00 0000 0000 0000 0000 0000 0000 0 (демо)',
    );
    // A real IBAN with the rest demo still marks the invoice.
    const partly = buildInvoiceData(
      invoiceSource(['УЗД']),
      { ...DEMO_PROVIDER, iban: PROVIDER.iban },
      NUMBER,
    );
    expect(partly.demoNote).not.toBeNull();
    // Grouped in fours (issue 33).
    expect(partly.provider.find((line) => line.label === 'IBAN')?.value).toBe(
      formatIban(PROVIDER.iban),
    );
    expect(formatIban(PROVIDER.iban)).toMatch(/^UA\d\d( [\dA-Z]{4})+( [\dA-Z]{1,3})?$/);
    expect(data.vatNote).toBe('Без ПДВ (постачальник не є платником податку на додану вартість)');
  });
});
