import type { ProviderResponse } from '@medcalc/domain';
import { DEMO_PROVIDER, type ProviderRequisites } from '../../config/env';

/**
 * The provider's requisites as the footer's pages show them (issue 23): the invoice's configuration (PROVIDER_*),
 * with `isDemo` while any of name, code, IBAN, bank or address is still the demo's, as the invoice marks it.
 */
export function publicProvider(provider: ProviderRequisites): ProviderResponse {
  const requisites = ['name', 'code', 'iban', 'bank', 'address'] as const;
  return {
    name: provider.name,
    code: provider.code,
    iban: provider.iban,
    bank: provider.bank,
    address: provider.address,
    phone: provider.phone ?? null,
    email: provider.email ?? null,
    isDemo: requisites.some((key) => provider[key] === DEMO_PROVIDER[key]),
  };
}
