import {
  PUBLIC_PRICE_LIST_MESSAGES,
  publicationInputSchema,
  suggestSlug,
  type Publication,
  type PublicationInput,
  type PublicPriceList,
} from '@medcalc/domain';
import { AppError } from '../../lib/app-error';
import { kyivParts } from '../../lib/kyiv-time';
import type { RunInTransaction } from '../../lib/transaction';
import type { CompanyScope } from '../../lib/company-scope';
import { changeOf, type ActivityLog } from '../activity/activity-log';
import { buildPriceList, contentHashOf, publicDocumentOf } from './build-price-list';
import type { PriceListSources } from './price-list-sources';
import type {
  AddressedPublication,
  PublicPriceListRepository,
} from './public-price-list.repository';

/** What a public address answers: nothing (unknown, unpublished), a move to the current address, or the list. */
export type PublicRead =
  | { kind: 'missing' }
  | { kind: 'moved'; slug: string }
  | { kind: 'list'; slug: string; document: PublicPriceList; etag: string };

/** The Kyiv calendar day of `at`, `YYYY-MM-DD`: the day a tariff's effective date is compared with. */
export function kyivDate(at: Date): string {
  const part = kyivParts(at);
  return `${part.year}-${part.month}-${part.day}`;
}

/** The switch («Публікувати прейскурант») on or off, as the activity log says it. */
const switchText = (published: boolean) => (published ? 'Так' : 'Ні');
/** An address as people read it in the activity log. */
const addressText = (slug: string | null | undefined) => (slug ? `/p/${slug}` : null);

/** How many numbered variants of a suggested address are tried before giving up on suggesting a free one. */
const SUGGESTION_TRIES = 20;

/**
 * Issue 36: the company's public price list. The owner's switch and address (`/company`); the list itself, built
 * from the approved tariffs the sources answer and kept in the module's table until the company's data changes
 * (`markChanged`) or an approved tariff's effective date comes; the public reads by address.
 */
export function createPublicPriceListService(deps: {
  repository: PublicPriceListRepository;
  sources: PriceListSources;
  runInTransaction: RunInTransaction;
  activityLog: ActivityLog;
  now?: () => Date;
}) {
  const { repository: repo, sources, runInTransaction, activityLog } = deps;
  const now = deps.now ?? (() => new Date());
  /** Rebuilds under way in this process, one per company and generation. */
  const building = new Map<string, Promise<{ document: PublicPriceList; etag: string }>>();

  /** A free address from the institution's name: the name's, or the first numbered variant no one else holds. */
  async function suggestionFor(companyId: number): Promise<string> {
    const base = suggestSlug((await sources.institutionOf(companyId)).name);
    for (let attempt = 1; attempt <= SUGGESTION_TRIES; attempt += 1) {
      const candidate = attempt === 1 ? base : `${base.slice(0, 55)}-${attempt}`;
      const holder = await repo.findByAddress(candidate);
      if (!holder || holder.companyId === companyId) return candidate;
    }
    return base;
  }

  async function publicationOf(companyId: number): Promise<Publication> {
    const row = await repo.findOfCompany(companyId);
    return {
      published: row?.published ?? false,
      slug: row?.slug ?? null,
      suggestedSlug: row?.slug ?? (await suggestionFor(companyId)),
      formerSlugs: await repo.formerSlugsOf(companyId, row?.slug ?? null),
    };
  }

  async function rebuild(row: AddressedPublication) {
    const institution = await sources.institutionOf(row.companyId);
    const built = buildPriceList(
      institution,
      await sources.approvedTariffsOf(row.companyId),
      kyivDate(now()),
    );
    const etag = contentHashOf(built);
    // The date of the last change moves only when what the list says changes.
    const changedAt = row.etag === etag && row.changedAt ? row.changedAt : now();
    const document = publicDocumentOf(built, kyivDate(changedAt));
    await repo.saveBuilt(row.companyId, {
      generation: row.generation,
      body: document,
      etag,
      validUntil: built.validUntil,
      changedAt,
    });
    return { document, etag };
  }

  return {
    /** `GET /api/company/{companyIdentifier}/public-price-list`. */
    getPublication: publicationOf,

    /**
     * `PUT /api/company/{companyIdentifier}/public-price-list`: the switch and the address. An address another
     * company holds (now or before) is 409; the company's earlier address keeps redirecting to the new one. Turning
     * it on or off and changing the address are written to the activity log.
     */
    async updatePublication(scope: CompanyScope, input: PublicationInput) {
      const { companyId } = scope;
      const { published, slug } = publicationInputSchema.parse(input);
      await runInTransaction(async (tx) => {
        const before = await repo.findOfCompany(companyId, tx);
        const holder = await repo.claimSlug(companyId, slug, tx);
        if (holder !== companyId)
          throw new AppError('CONFLICT', PUBLIC_PRICE_LIST_MESSAGES.slugTaken);
        await repo.savePublication(companyId, published, slug, tx);
        await activityLog.record(tx, scope, {
          kind: 'public-price-list',
          subject: 'Публічний прейскурант',
          changes: [
            ...changeOf(
              'Публікувати прейскурант',
              switchText(before?.published ?? false),
              switchText(published),
            ),
            ...changeOf('Адреса сторінки', addressText(before?.slug), addressText(slug)),
          ],
        });
      });
      return {
        message: published
          ? PUBLIC_PRICE_LIST_MESSAGES.published
          : PUBLIC_PRICE_LIST_MESSAGES.unpublished,
        data: await publicationOf(companyId),
      };
    },

    /**
     * A public read of `slug`: the published list (rebuilt first when the company's data changed since it was
     * built, or an approved tariff's effective date has come), a move when `slug` is an earlier address, or
     * nothing — unknown and unpublished addresses alike.
     */
    async read(slug: string): Promise<PublicRead> {
      const row = await repo.findByAddress(slug);
      if (!row?.published) return { kind: 'missing' };
      if (row.requested !== row.slug) return { kind: 'moved', slug: row.slug };
      const stale =
        !row.body ||
        !row.etag ||
        row.builtGeneration < row.generation ||
        (row.validUntil !== null && kyivDate(now()) >= row.validUntil);
      if (!stale && row.body && row.etag)
        return { kind: 'list', slug: row.slug, document: row.body, etag: row.etag };
      const key = `${row.companyId}:${row.generation}`;
      let pending = building.get(key);
      if (!pending) {
        pending = rebuild(row).finally(() => building.delete(key));
        building.set(key, pending);
      }
      return { kind: 'list', slug: row.slug, ...(await pending) };
    },

    /** The company's data changed: its list is rebuilt at its next read, on every instance. */
    markChanged: (companyId: number) => repo.markChanged(companyId),
    /** Any company's data may have changed (an administrator's write). */
    markAllChanged: () => repo.markAllChanged(),
  };
}

export type PublicPriceListService = ReturnType<typeof createPublicPriceListService>;
