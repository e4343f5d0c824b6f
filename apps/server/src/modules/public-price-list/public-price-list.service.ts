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

/** The last minute {@link kyivDate} was asked about, and its answer (Kyiv's offset is whole hours). */
let lastKyivDay = { minute: Number.NaN, date: '' };

/**
 * The Kyiv calendar day of `at`, `YYYY-MM-DD`: the day a tariff's effective date is compared with. Asked at every
 * public request, so the answer is kept for the minute (the day changes only on a minute's boundary).
 */
export function kyivDate(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastKyivDay.minute) {
    const part = kyivParts(at);
    lastKyivDay = { minute, date: `${part.year}-${part.month}-${part.day}` };
  }
  return lastKyivDay.date;
}

/** The switch («Публікувати прейскурант») on or off, as the activity log says it. */
const switchText = (published: boolean) => (published ? 'Так' : 'Ні');
/** An address as people read it in the activity log. */
const addressText = (slug: string | null | undefined) => (slug ? `/p/${slug}` : null);

/** How many numbered variants of a suggested address are tried before giving up on suggesting a free one. */
const SUGGESTION_TRIES = 20;

/** Lists a process keeps in memory (about 100 KB each for 250 services); all dropped when one more would pass it. */
const KEPT_LISTS = 200;

/** A built list and its ETag, as kept in the process. */
interface KeptList {
  document: PublicPriceList;
  etag: string;
}

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
  /**
   * The list each company's public reads last answered, by company: a read answers it while the row's ETag is
   * still its own, so the list's body is read from the table (or rebuilt) once per change, not once per request.
   */
  const kept = new Map<number, KeptList>();
  /** Rebuilds and reads of a list under way in this process, one per company and generation or ETag. */
  const pending = new Map<string, Promise<KeptList>>();

  /** `make`'s list, kept; requests that ask while it is under way join it. */
  function keepOnce(key: string, companyId: number, make: () => Promise<KeptList | undefined>) {
    let under = pending.get(key);
    if (!under) {
      under = make()
        .then((list) => {
          if (!list) throw new Error(`the public list of company ${companyId} vanished`);
          if (kept.size >= KEPT_LISTS && !kept.has(companyId)) kept.clear();
          kept.set(companyId, list);
          return list;
        })
        .finally(() => pending.delete(key));
      pending.set(key, under);
    }
    return under;
  }

  /**
   * Reads of an address's row: the one under way, and the one that starts when it ends, which every request that
   * arrives meanwhile shares. So each answer still comes from a read begun after its request arrived (a list hidden
   * on any instance is hidden at once), while under load one read serves the requests of its duration.
   */
  const running = new Map<string, Promise<AddressedPublication | undefined>>();
  const queued = new Map<string, Promise<AddressedPublication | undefined>>();

  function startRead(slug: string) {
    const read = repo.findByAddress(slug).finally(() => {
      if (running.get(slug) === read) running.delete(slug);
    });
    running.set(slug, read);
    return read;
  }

  function rowOf(slug: string): Promise<AddressedPublication | undefined> {
    const under = running.get(slug);
    if (!under) return startRead(slug);
    let next = queued.get(slug);
    if (!next) {
      const ignore = () => undefined;
      next = under.then(ignore, ignore).then(() => {
        queued.delete(slug);
        return startRead(slug);
      });
      queued.set(slug, next);
    }
    return next;
  }

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
      try {
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
      } finally {
        repo.forgetKeptRows();
      }
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
     * nothing — unknown and unpublished addresses alike. The publication's row (the switch and the ETag, so a
     * change on any instance shows at once) is read after the call arrives, one read shared by the calls that
     * arrive while another is under way; the list's body is read or rebuilt only when this process does not
     * already keep the row's ETag.
     */
    async read(slug: string): Promise<PublicRead> {
      const row = await rowOf(slug);
      if (!row?.published) return { kind: 'missing' };
      if (row.requested !== row.slug) return { kind: 'moved', slug: row.slug };
      const { companyId, etag } = row;
      const stale =
        !etag ||
        row.builtGeneration < row.generation ||
        (row.validUntil !== null && kyivDate(now()) >= row.validUntil);
      if (!stale) {
        const held = kept.get(companyId);
        if (held?.etag === etag) return { kind: 'list', slug: row.slug, ...held };
        const stored = await keepOnce(`${companyId}:read:${etag}`, companyId, async () => {
          const built = await repo.builtListOf(companyId);
          return built?.body && built.etag ? { document: built.body, etag: built.etag } : undefined;
        });
        return { kind: 'list', slug: row.slug, ...stored };
      }
      const rebuilt = await keepOnce(`${companyId}:build:${row.generation}`, companyId, () =>
        rebuild(row),
      );
      return { kind: 'list', slug: row.slug, ...rebuilt };
    },

    /** The company's data changed: its list is rebuilt at its next read, on every instance. */
    markChanged: (companyId: number) => repo.markChanged(companyId),
    /** Any company's data may have changed (an administrator's write). */
    markAllChanged: () => repo.markAllChanged(),
  };
}

export type PublicPriceListService = ReturnType<typeof createPublicPriceListService>;
