import type { ProviderResponse } from '@medcalc/domain';
import {
  isDemoRequisite,
  printedRequisite,
  PRINTED_REQUISITES,
  type PrintedRequisite,
  type ProviderRequisites,
} from '../../config/env';

/**
 * The provider's requisites as the footer's pages show them (issue 23): the invoice's configuration (PROVIDER_*),
 * each still the demo's marked «(демо)» as the invoice marks it, with `isDemo` while any of name, code, IBAN, bank or address is still the demo's, as the invoice marks it.
 */
export function publicProvider(provider: ProviderRequisites): ProviderResponse {
  const printed = (key: PrintedRequisite) => printedRequisite(provider, key);
  return {
    name: printed('name'),
    code: printed('code'),
    iban: printed('iban'),
    bank: printed('bank'),
    address: printed('address'),
    phone: provider.phone ?? null,
    email: provider.email ?? null,
    isDemo: PRINTED_REQUISITES.some((key) => isDemoRequisite(provider, key)),
  };
}
