import { formatIban } from '@medcalc/domain';

/*
 * The provider's requisites (the company the order fee is paid to): config/env.ts reads them from PROVIDER_*, the
 * composition root passes them down, and the invoice and the landing page print them as {@link printedProvider}
 * says. Here, below both, so neither the modules nor the config import the other.
 */

/** Who the order fee is paid to: the requisites printed on the рахунок на оплату (issue 10 item 7). */
export interface ProviderRequisites {
  name: string;
  /** ЄДРПОУ (8 digits) or РНОКПП (10 digits). */
  code: string;
  iban: string;
  bank: string;
  address: string;
  phone: string | undefined;
  /** Shown on the landing page with the phone (`GET /api/contacts`); not printed on the invoice. */
  email?: string | undefined;
  /** The provider's VAT status as printed under the total (default «Без ПДВ»: not a VAT payer). */
  vatNote: string;
  /** Why the fee carries no VAT, printed beside {@link vatNote} (default: the provider is not a VAT payer). */
  vatReason: string;
}

/** Demo requisites, used until PROVIDER_* are set: not a real account. Printed marked, see {@link printedRequisite}. */
export const DEMO_PROVIDER: ProviderRequisites = {
  name: 'ТОВ «Медкальк»',
  code: '00000000',
  iban: 'UA000000000000000000000000000',
  bank: 'АТ «Демо Банк»',
  address: 'м. Київ, вул. Демонстраційна, 1',
  phone: undefined,
  vatNote: 'Без ПДВ',
  vatReason: 'постачальник не є платником податку на додану вартість',
};

/** Printed after a requisite that is still the demo's ({@link DEMO_PROVIDER}): nobody pays to a zero account. */
export const DEMO_REQUISITE_MARK = '(демо)';

/** The provider's requisites that mark a demo: the invoice prints each, and the footer's pages show them. */
const PRINTED_REQUISITES = ['name', 'code', 'iban', 'bank', 'address'] as const;
type PrintedRequisite = (typeof PRINTED_REQUISITES)[number];

/** True while the requisite is still the demo's. */
const isDemoRequisite = (provider: ProviderRequisites, key: PrintedRequisite) =>
  provider[key] === DEMO_PROVIDER[key];

/**
 * A requisite as the invoice and the footer's pages print it (issue 33): the IBAN in groups of four (the domain's
 * `formatIban`), and marked «(демо)» once while it is the demo's. The demo name carried the mark itself and was
 * printed «ТОВ «Медкальк» (демо) (демо)»; now only this adds it, and a marked value is no demo value any more, so
 * it is never marked twice.
 */
function printedRequisite(provider: ProviderRequisites, key: PrintedRequisite): string {
  const value = key === 'iban' ? formatIban(provider[key]) : provider[key];
  return isDemoRequisite(provider, key) ? `${value} ${DEMO_REQUISITE_MARK}` : value;
}

/**
 * The provider's requisites as the invoice and the footer's pages print them ({@link printedRequisite} each), and
 * `isDemo` while any of them is still the demo's (the invoice then says it is not for payment).
 */
export function printedProvider(
  provider: ProviderRequisites,
): Record<PrintedRequisite, string> & { isDemo: boolean } {
  const printed = (key: PrintedRequisite) => printedRequisite(provider, key);
  return {
    name: printed('name'),
    code: printed('code'),
    iban: printed('iban'),
    bank: printed('bank'),
    address: printed('address'),
    isDemo: PRINTED_REQUISITES.some((key) => isDemoRequisite(provider, key)),
  };
}
