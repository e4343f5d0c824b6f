import type { ProviderResponse } from '@medcalc/domain';
import { printedProvider, type ProviderRequisites } from '../../lib/provider-requisites';

/**
 * The provider's requisites as the footer's pages show them (issue 23): the invoice's configuration (PROVIDER_*)
 * as the invoice prints it (`printedProvider`: the IBAN grouped, a demo value marked «(демо)»), with `isDemo`
 * while any of name, code, IBAN, bank or address is still the demo's.
 */
export function publicProvider(provider: ProviderRequisites): ProviderResponse {
  return {
    ...printedProvider(provider),
    phone: provider.phone ?? null,
    email: provider.email ?? null,
  };
}
