import { describe, expect, it } from 'vitest';
import type { PublicPriceList } from '@medcalc/domain';
import type { RunInTransaction } from '../../lib/transaction';
import type { PriceListSources } from './price-list-sources';
import type {
  AddressedPublication,
  PublicPriceListRepository,
} from './public-price-list.repository';
import { createPublicPriceListService } from './public-price-list.service';

/*
 * Issue 36, "built once per change and kept": a public read costs at most one small read of the publication's row
 * (shared by the requests that arrive while one is under way); the list's body is read from the table (or rebuilt)
 * only when the row's ETag is not the one this process keeps.
 */

const SLUG = 'knp-likarnia';
const INSTITUTION = { name: 'КНП «Лікарня»', address: 'м. Київ', phones: [], edrpou: '12345678' };

/** The one company's row and list, as another instance or this one leaves them; counts the service's reads. */
function fakeStore() {
  const row: AddressedPublication = {
    companyId: 7,
    slug: SLUG,
    requested: SLUG,
    published: true,
    generation: 1,
    builtGeneration: 0,
    etag: null,
    validUntil: null,
    changedAt: null,
  };
  const stored: { body: PublicPriceList | null } = { body: null };
  const calls = { rows: 0, bodies: 0, builds: 0 };
  const unused = async (): Promise<never> => {
    throw new Error('not used by these tests');
  };
  const repository: PublicPriceListRepository = {
    findOfCompany: unused,
    formerSlugsOf: unused,
    claimSlug: unused,
    savePublication: unused,
    markChanged: unused,
    markAllChanged: unused,
    forgetKeptRows: () => undefined,
    async findByAddress(slug) {
      calls.rows += 1;
      return slug === SLUG ? { ...row } : undefined;
    },
    async builtListOf() {
      calls.bodies += 1;
      return { body: stored.body, etag: row.etag };
    },
    async saveBuilt(_companyId, values) {
      Object.assign(row, {
        builtGeneration: values.generation,
        etag: values.etag,
        validUntil: values.validUntil,
        changedAt: values.changedAt,
      });
      stored.body = values.body;
    },
  };
  const sources: PriceListSources = {
    async institutionOf() {
      calls.builds += 1;
      return INSTITUTION;
    },
    approvedTariffsOf: async () => [],
  };
  const runInTransaction: RunInTransaction = () => unused();
  const service = createPublicPriceListService({
    repository,
    sources,
    runInTransaction,
    // Reads only: the writer is never reached.
    activityLog: { record: () => unused() },
    now: () => new Date('2026-11-29T10:00:00Z'),
  });
  return { row, stored, calls, service };
}

const listOf = async (read: ReturnType<ReturnType<typeof fakeStore>['service']['read']>) => {
  const answer = await read;
  if (answer.kind !== 'list') throw new Error(`expected the list, got ${answer.kind}`);
  return answer;
};

describe('public reads of a kept list', () => {
  it('builds the list once, then answers it from the process with one row read per request', async () => {
    const { calls, service } = fakeStore();
    const first = await listOf(service.read(SLUG));
    expect(first.document.institution).toEqual(INSTITUTION);
    expect(calls).toEqual({ rows: 1, bodies: 0, builds: 1 });
    for (let i = 0; i < 5; i += 1) expect((await listOf(service.read(SLUG))).etag).toBe(first.etag);
    expect(calls).toEqual({ rows: 6, bodies: 0, builds: 1 });
  });

  it('reads the body once when another instance rebuilt the list, however many ask at once', async () => {
    const { row, stored, calls, service } = fakeStore();
    await service.read(SLUG);
    // Another instance rebuilt it: a new ETag and body in the table, the generation caught up.
    const renamed = { ...stored.body, institution: { ...INSTITUTION, name: 'КНП «Нова»' } };
    stored.body = renamed as PublicPriceList;
    row.etag = 'rebuilt-elsewhere';
    const answers = await Promise.all(Array.from({ length: 4 }, () => listOf(service.read(SLUG))));
    expect(answers.map((answer) => answer.etag)).toEqual(Array(4).fill('rebuilt-elsewhere'));
    expect(answers[0]?.document.institution.name).toBe('КНП «Нова»');
    expect(calls.bodies).toBe(1);
    await service.read(SLUG);
    expect(calls).toMatchObject({ bodies: 1, builds: 1 });
  });

  it('shares a read of the row among requests that arrive during it, never one begun before them', async () => {
    const { row, calls, service } = fakeStore();
    await service.read(SLUG);
    calls.rows = 0;
    // The first read is under way (it read the row as published); the list is hidden before the next ones arrive.
    const early = service.read(SLUG);
    row.published = false;
    const later = Array.from({ length: 5 }, () => service.read(SLUG));
    expect((await early).kind).toBe('list');
    expect(await Promise.all(later)).toEqual(Array(5).fill({ kind: 'missing' }));
    expect(calls.rows).toBe(2);
  });

  it('rebuilds after a change, and answers nothing at once when the list is hidden', async () => {
    const { row, calls, service } = fakeStore();
    await service.read(SLUG);
    row.generation += 1;
    await service.read(SLUG);
    expect(calls.builds).toBe(2);
    row.published = false;
    expect(await service.read(SLUG)).toEqual({ kind: 'missing' });
  });
});
