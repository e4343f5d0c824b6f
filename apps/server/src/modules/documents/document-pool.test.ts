import { afterAll, describe, expect, it } from 'vitest';
import {
  DOCUMENTS_BUSY_MESSAGE,
  DOCUMENTS_COMPANY_BUSY_MESSAGE,
  ORDER_DOCUMENT_FILES,
} from '@medcalc/domain';
import { DEMO_PROVIDER } from '../../lib/provider-requisites';
import { AppError } from '../../lib/app-error';
import { largeOrderSource, workedExampleSource } from '../../../test/document-fixtures';
import { buildComparisonData } from './build-comparison-data';
import { buildInvoiceData } from './build-invoice-data';
import { buildServiceCostingData } from './build-service-costing-data';
import { buildWorkbookData } from './build-workbook-data';
import {
  createDocumentRenderer,
  DOCUMENTS_BUSY_RETRY_AFTER,
  DOCUMENTS_COMPANY_BUSY_RETRY_AFTER,
  renderTurn,
  type DocumentRenderer,
  type RenderTurn,
} from './document-pool';
import {
  CALCULATION_NOT_IN_ORDER_MESSAGE,
  DOCUMENT_LAYOUTS,
  printSetLayout,
} from './layouts/order-documents';
import type { DocumentLayout } from './layouts/pdf-layout';
import { pagesOf, zipEntriesOf } from './read-back';
import { comparisonLayout } from './layouts/comparison';
import { invoiceLayout } from './layouts/invoice';
import type { RenderJob } from './render-job';
import { serviceCostingLayout } from './layouts/service-costing';
import { comparisonSource, pricedOrder } from './revision-fixtures';

/*
 * The document pool (issue 21): a worker thread renders every kind of document to the same bytes as the request's
 * own thread did before, a full queue is refused at once with 503, and closing the pool ends its threads.
 */

/** One instant for every document: a PDF's CreationDate (and the file ID made from it) and a workbook's dates. */
const AT = new Date('2026-12-01T10:00:00Z');
const dated = (layout: DocumentLayout): RenderJob => ({
  kind: 'pdf',
  layout: { ...layout, info: { ...layout.info, creationDate: AT } },
});

/** Every kind of document the server renders, as the request hands it to the renderer. */
async function everyKind(): Promise<Array<[string, RenderJob]>> {
  const source = largeOrderSource(12, 6);
  const priced = pricedOrder();
  const invoiceSource = workedExampleSource({ status: 'created' });
  return [
    ...ORDER_DOCUMENT_FILES.map((file): [string, RenderJob] => [
      file,
      dated(DOCUMENT_LAYOUTS[file](source)),
    ]),
    ['title, revision 2 with VAT', dated(DOCUMENT_LAYOUTS.title(priced))],
    ['order_list, landscape price columns', dated(DOCUMENT_LAYOUTS.order_list(priced))],
    ...priced.services
      .slice(0, 1)
      .map((service): [string, RenderJob] => [
        'calculation',
        dated(serviceCostingLayout(buildServiceCostingData(priced, service))),
      ]),
    ['print', dated(await printSetLayout(source))],
    [
      'invoice',
      dated(
        invoiceLayout(
          buildInvoiceData(
            { ...invoiceSource, services: [{ name: 'УЗД' }, { name: 'Консультація' }] },
            DEMO_PROVIDER,
            { number: 1, year: 2026, issuedAt: new Date('2026-11-22T09:00:00Z') },
          ),
        ),
      ),
    ],
    ['comparison', dated(comparisonLayout(buildComparisonData(comparisonSource())))],
    ['xlsx', { kind: 'workbook', data: buildWorkbookData(source), now: AT }],
    [
      'comparison xlsx',
      { kind: 'comparison-workbook', data: buildComparisonData(comparisonSource()), now: AT },
    ],
  ];
}

const inProcess = createDocumentRenderer({ threads: 0, queueLimit: 0 });
const pool = createDocumentRenderer({ threads: 2, queueLimit: 20 });
afterAll(() => pool.close());

describe('the document pool', () => {
  it('renders every kind of document to the same bytes as the calling thread', async () => {
    const kinds = await everyKind();
    // Plain data: structured clone (what the pool sends to a worker) copies each layout whole.
    for (const [name, job] of kinds) expect(() => structuredClone(job), name).not.toThrow();
    const pooled = await Promise.all(kinds.map(([, job]) => pool.render(job)));
    for (const [[name, job], there] of kinds.map((kind, index) => [kind, pooled[index]] as const)) {
      const here = await inProcess.render(job);
      if (!there) throw new Error(`${name}: nothing rendered`);
      expect(Buffer.isBuffer(there), name).toBe(true);
      expect(there.length, name).toBeGreaterThan(1000);
      if (job.kind === 'pdf') {
        expect(there.equals(here), `${name}: the pooled PDF's bytes are the calling thread's`).toBe(
          true,
        );
      } else {
        // A workbook: the same files, byte for byte, inside archives dated when they were zipped.
        const [theirs, ours] = [zipEntriesOf(there), zipEntriesOf(here)];
        expect([...theirs.keys()], name).toEqual([...ours.keys()]);
        expect(theirs.size, name).toBeGreaterThan(5);
        for (const [file, bytes] of ours) expect(theirs.get(file)?.equals(bytes), file).toBe(true);
      }
    }
    // The worker drew the page frame from data: heading and numbering on every page of the set.
    const printSet = pooled[kinds.findIndex(([name]) => name === 'print')];
    if (!printSet) throw new Error('no print set');
    const printPages = pagesOf(printSet);
    expect(printPages.length).toBeGreaterThan(20);
    printPages.forEach((page, index) => {
      expect(page).toContain(`Сторінка ${index + 1} з ${printPages.length}`);
      expect(page).toContain('Код ЄДРПОУ');
    });
    // A worker's first start compiles the TypeScript through tsx: seconds on a busy machine.
  }, 180_000);

  it('lays out an order document in the worker from the order data, to the bytes of the request-built layout', async () => {
    const source = largeOrderSource(12, 6);
    const priced = pricedOrder();
    const service = priced.services[0];
    if (!service) throw new Error('no service');
    const cases: Array<[string, RenderJob, DocumentLayout]> = [
      ...ORDER_DOCUMENT_FILES.map((file): [string, RenderJob, DocumentLayout] => [
        file,
        { kind: 'order-pdf', document: { file }, source, creationDate: AT },
        DOCUMENT_LAYOUTS[file](source),
      ]),
      [
        'print',
        { kind: 'order-pdf', document: { file: 'print' }, source, creationDate: AT },
        await printSetLayout(source),
      ],
      [
        'calculation',
        {
          kind: 'order-pdf',
          document: { file: 'calculation', serviceId: service.id },
          source: priced,
          creationDate: AT,
        },
        serviceCostingLayout(buildServiceCostingData(priced, service)),
      ],
    ];
    const pooled = await Promise.all(cases.map(([, job]) => pool.render(job)));
    for (const [index, [name, job, layout]] of cases.entries()) {
      const expected = await inProcess.render(dated(layout));
      expect(pooled[index]?.equals(expected), `${name}: laid out in the worker`).toBe(true);
      expect((await inProcess.render(job)).equals(expected), `${name}: in this thread`).toBe(true);
    }
    // A калькуляція of a service the order does not have is refused (the service checks it before, too).
    await expect(
      inProcess.render({
        kind: 'order-pdf',
        document: { file: 'calculation', serviceId: -1 },
        source: priced,
        creationDate: AT,
      }),
    ).rejects.toThrow(CALCULATION_NOT_IN_ORDER_MESSAGE);
  }, 180_000);

  it('refuses a document beyond the workers and the queue with 503 and Retry-After, then takes more', async () => {
    const small = createDocumentRenderer({ threads: 1, queueLimit: 1 });
    try {
      // The refusal is decided as the call is made: the first two are taken (one rendering, one waiting).
      const job = dated(DOCUMENT_LAYOUTS.title(pricedOrder()));
      const first = small.render(job);
      const second = small.render(job);
      const refused = await small.render(job).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({
        statusCode: 503,
        message: DOCUMENTS_BUSY_MESSAGE,
        retryAfter: DOCUMENTS_BUSY_RETRY_AFTER,
      });
      const [a, b] = await Promise.all([first, second]);
      expect(a.equals(b)).toBe(true);
      // Once the queue has drained, the next document is rendered again.
      expect((await small.render(job)).equals(a)).toBe(true);
    } finally {
      await small.close();
    }
  }, 120_000);

  it('gives each owner its turn: another company’s document goes before the flooding company’s next one; 429 for the flooder, 503 only when everyone’s queue is full', async () => {
    const fair = createDocumentRenderer({
      threads: 1,
      queueLimit: 3,
      ownerRenders: 1,
      ownerQueue: 2,
    });
    try {
      const job = dated(DOCUMENT_LAYOUTS.title(pricedOrder()));
      const done: string[] = [];
      const as = (turn: RenderTurn, name: string, renderer: DocumentRenderer = fair) =>
        renderTurn.run(turn, () =>
          renderer.render(job).then((bytes) => {
            done.push(name);
            return bytes;
          }),
        );
      const refusal = (promise: Promise<unknown>) =>
        promise.then(
          () => undefined,
          (error: unknown) => error,
        );
      const a = { owner: 'company:1', lane: 'request' } as const;
      const b = { owner: 'company:2', lane: 'request' } as const;
      // Company 1 sends four at once: one renders, two wait (its share of the queue), the fourth is its own 429.
      const flood = [as(a, 'a1'), as(a, 'a2'), as(a, 'a3')];
      expect(await refusal(as(a, 'a4'))).toMatchObject({
        statusCode: 429,
        message: DOCUMENTS_COMPANY_BUSY_MESSAGE,
        retryAfter: DOCUMENTS_COMPANY_BUSY_RETRY_AFTER,
      });
      // Company 2's one document still has room, and goes next, before company 1's waiting ones.
      const theirs = as(b, 'b1');
      // Now the pool's queue (3) is full: anyone's next document is the honest 503.
      expect(await refusal(as({ owner: 'company:3', lane: 'request' }, 'c1'))).toMatchObject({
        statusCode: 503,
        message: DOCUMENTS_BUSY_MESSAGE,
        retryAfter: DOCUMENTS_BUSY_RETRY_AFTER,
      });
      // A job's rendering is never refused: it waits for its turn even now.
      const jobTurn = as({ owner: 'company:1', lane: 'job' }, 'job');
      await Promise.all([...flood, theirs, jobTurn]);
      expect(done.slice(0, 2)).toEqual(['a1', 'b1']);
      expect(done).toHaveLength(5);
    } finally {
      await fair.close();
    }
  }, 120_000);

  it('renders nothing after it is closed', async () => {
    const closing = createDocumentRenderer({ threads: 1, queueLimit: 1 });
    await closing.close();
    await expect(closing.render(dated(DOCUMENT_LAYOUTS.title(pricedOrder())))).rejects.toThrow(
      DOCUMENTS_BUSY_MESSAGE,
    );
  });
});
