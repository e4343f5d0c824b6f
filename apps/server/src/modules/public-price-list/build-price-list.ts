import { createHash } from 'node:crypto';
import {
  PUBLIC_PRICE_CURRENCY,
  PUBLIC_PRICE_LIST_LICENCE,
  PUBLIC_PRICE_LIST_SCHEMA_VERSION,
  PUBLIC_PRICE_UNIT,
  publicPriceListSchema,
  type PublicInstitution,
  type PublicPriceList,
  type PublicService,
} from '@medcalc/domain';
import type { ApprovedTariff } from './price-list-sources';

/** The list as built for a day: its services, and the first later day on which it would read otherwise. */
export interface BuiltPriceList {
  institution: PublicInstitution;
  services: PublicService[];
  /** The earliest approved effective date after `today` (the list is rebuilt on it), or null. */
  validUntil: string | null;
}

const later = (a: ApprovedTariff, b: ApprovedTariff) =>
  a.effectiveFrom !== b.effectiveFrom ? a.effectiveFrom > b.effectiveFrom : a.revision > b.revision;

/**
 * What is published on `today` (a Kyiv date, `YYYY-MM-DD`): for each service, the tariff of its latest approved
 * revision in effect; a service approved only ahead of its date shows that tariff (with its «діє з» date). Sorted
 * by category, then code; each row carries only the open data's fields.
 */
export function buildPriceList(
  institution: PublicInstitution,
  tariffs: readonly ApprovedTariff[],
  today: string,
): BuiltPriceList {
  const chosen = new Map<string, ApprovedTariff>();
  let validUntil: string | null = null;
  for (const tariff of tariffs) {
    const current = chosen.get(tariff.code);
    if (tariff.effectiveFrom > today) {
      if (validUntil === null || tariff.effectiveFrom < validUntil)
        validUntil = tariff.effectiveFrom;
      // Ahead of its date: shown only while the service has nothing in effect, the nearest one first.
      if (
        !current ||
        (current.effectiveFrom > today && tariff.effectiveFrom < current.effectiveFrom)
      )
        chosen.set(tariff.code, tariff);
      continue;
    }
    if (!current || current.effectiveFrom > today || later(tariff, current))
      chosen.set(tariff.code, tariff);
  }
  const services = [...chosen.values()]
    .sort(
      (a, b) => a.category.localeCompare(b.category, 'uk') || a.code.localeCompare(b.code, 'uk'),
    )
    .map((tariff): PublicService => ({
      code: tariff.code,
      name: tariff.name,
      category: tariff.category,
      unit: PUBLIC_PRICE_UNIT,
      price_without_vat: tariff.priceWithoutVat,
      vat: tariff.vat,
      price: tariff.price,
      currency: PUBLIC_PRICE_CURRENCY,
      effective_from: tariff.effectiveFrom,
      decision_number: tariff.decisionNumber,
      decision_date: tariff.decisionDate,
      decision_body: tariff.decisionBody,
    }));
  return { institution, services, validUntil };
}

/** A hash of what the list says (not when): equal lists have equal hashes, the answers' ETag. */
export const contentHashOf = (built: Pick<BuiltPriceList, 'institution' | 'services'>): string =>
  createHash('sha256')
    .update(JSON.stringify([built.institution, built.services]))
    .digest('base64url')
    .slice(0, 27);

/** The open data's document: checked against the strict schema, so no other field can be published. */
export const publicDocumentOf = (
  built: Pick<BuiltPriceList, 'institution' | 'services'>,
  updatedAt: string,
): PublicPriceList =>
  publicPriceListSchema.parse({
    schema_version: PUBLIC_PRICE_LIST_SCHEMA_VERSION,
    licence: { ...PUBLIC_PRICE_LIST_LICENCE },
    institution: built.institution,
    updated_at: updatedAt,
    services: built.services,
  });
