import type { ActivityEntry, ActivityPage } from '@medcalc/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { chooseOption } from '@/testing/choose-option';
import { fetchedRequests } from '@/testing/fetch-calls';
import { fileResponse, stubFileDownloads } from '@/testing/file-downloads';
import { roleTexts } from '@/testing/role-texts';
import {
  jsonResponse,
  mockFetch,
  screen,
  setupAtRoot,
  waitFor,
  within,
} from '@/testing/test-utils';
import { emulateWidth } from '@/testing/viewport';

import { ActivityLog } from './activity-log';

const SALARY: ActivityEntry = {
  id: 2,
  at: '2026-11-20T09:30:00.000Z',
  actor: { identifier: 'usr-0002', name: 'Іван Коваль', email: 'ivan@clinic.ua' },
  kind: 'salary',
  subject: 'Лікар-терапевт, вища, немає',
  orderName: null,
  orderNumber: null,
  changes: [{ field: 'Оклад', from: '12 500,00', to: '13 000,00' }],
};
const REMOVED: ActivityEntry = {
  id: 1,
  at: '2026-11-19T08:00:00.000Z',
  // Written before issue 34 by an account gone since: no e-mail kept.
  actor: { identifier: null, name: 'Марія Шевчук', email: null },
  kind: 'document-downloaded',
  subject: 'ord-0001',
  orderName: 'Планові УЗД',
  orderNumber: 'З-2026-0007',
  changes: [{ field: 'Файл', from: null, to: 'Рахунок — Планові УЗД.pdf' }],
};
// Issue 34: a member who joined under another's name is told apart by the e-mail.
const PEOPLE = [
  { identifier: 'usr-0001', name: 'Олена Петренко', email: 'olena@clinic.ua' },
  { identifier: 'usr-0002', name: 'Іван Коваль', email: 'ivan@clinic.ua' },
  { identifier: 'usr-0003', name: 'Іван Коваль', email: 'ivan.k@mail.example' },
];

const files = stubFileDownloads('activity');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Answers the log's page: two entries on page 1 of 3, none on the others; the export as a file. */
function fakeServer() {
  return mockFetch((call) => {
    if (call.path === '/api/activity/export') {
      return fileResponse('Журнал змін.xlsx', { body: 'PK', type: 'application/vnd.ms-excel' });
    }
    if (call.path === '/api/activity') {
      const answer: ActivityPage = {
        data: [SALARY, REMOVED],
        meta: { currentPage: 1, lastPage: 3 },
        people: PEOPLE,
      };
      return jsonResponse(200, answer);
    }
    return jsonResponse(404, { message: 'Не знайдено.' });
  });
}

/** The log signed in as the owner, on {@link fakeServer}. */
function setup() {
  const spy = fakeServer();
  return { spy, ...setupAtRoot(<ActivityLog />) };
}

const logQueries = (spy: ReturnType<typeof fakeServer>, path = '/api/activity') =>
  fetchedRequests(spy)
    .filter((request) => request.url.pathname === path)
    .map((request) => Object.fromEntries(request.url.searchParams));

describe('ActivityLog (issue 22)', () => {
  // A laptop: the log is a table (a phone's cards are tested on their own).
  beforeEach(() => emulateWidth(1366));

  it('on a phone shows each row as a card with no table, and pages below (issue 33)', async () => {
    emulateWidth(390);
    const { spy, user } = setup();

    const log = await screen.findByRole('region', { name: 'Журнал змін' });
    expect(within(log).queryByRole('table')).toBeNull();
    const cards = within(log)
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('.ant-card') !== null);
    expect(cards).toHaveLength(2);
    const salary = cards[0] as HTMLElement;
    expect(salary).toHaveTextContent(
      /^\d{2}\.11\.2026 \d{2}:\d{2} · Іван Коваль \(ivan@clinic\.ua\)/,
    );
    expect(salary).toHaveTextContent('Зарплата: Лікар-терапевт, вища, немає');
    expect(within(salary).getByText('Оклад: 12 500,00 → 13 000,00')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Марія Шевчук (видалений)');
    expect(cards[1]).toHaveTextContent('Документ завантажено: З-2026-0007 «Планові УЗД»');

    await user.click(within(log).getByTitle('Наступна сторінка'));
    await waitFor(() => expect(logQueries(spy).at(-1)).toMatchObject({ page: '2' }));
  });

  it('shows time, who, the action, the subject and each change as «було → стало»', async () => {
    setup();

    const region = await screen.findByRole('region', { name: 'Журнал змін' });
    const row = within(region)
      .getByText('Лікар-терапевт, вища, немає')
      .closest('tr') as HTMLElement;
    const cells = roleTexts(row, 'cell');
    expect(cells.slice(1)).toEqual([
      'Іван Коваль (ivan@clinic.ua)',
      'Зарплата',
      'Лікар-терапевт, вища, немає',
      'Оклад: 12 500,00 → 13 000,00',
    ]);
    expect(cells[0]).toMatch(/^\d{2}\.11\.2026 \d{2}:\d{2}$/);
    // A removed member's name stays, marked.
    // An order's row shows the order's number people quote and its name (issue 33), not its identifier.
    const removed = within(region)
      .getByText('З-2026-0007 «Планові УЗД»')
      .closest('tr') as HTMLElement;
    expect(removed).toHaveTextContent('Марія Шевчук (видалений)');
    expect(removed).toHaveTextContent('Документ завантажено');
  });

  it('filters by person and kind from page 1, and pages on', async () => {
    const { spy, user } = setup();
    await screen.findByRole('region', { name: 'Журнал змін' });

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(logQueries(spy).at(-1)).toEqual({ page: '2' }));

    // Two people of one name are two choices, each with its e-mail (issue 34).
    await chooseOption(user, screen.getByLabelText('Хто'), 'Іван Коваль (ivan.k@mail.example)');
    await waitFor(() => expect(logQueries(spy).at(-1)).toEqual({ person: 'usr-0003', page: '1' }));
    await chooseOption(user, screen.getByLabelText('Хто'), 'Іван Коваль (ivan@clinic.ua)');
    await waitFor(() => expect(logQueries(spy).at(-1)).toEqual({ person: 'usr-0002', page: '1' }));
    await chooseOption(user, screen.getByLabelText('Дія'), 'Зарплата');
    await waitFor(() =>
      expect(logQueries(spy).at(-1)).toEqual({ person: 'usr-0002', kind: 'salary', page: '1' }),
    );
  });

  it('downloads the XLSX with the same filters and no page', async () => {
    const { spy, user } = setup();
    await screen.findByRole('region', { name: 'Журнал змін' });

    await chooseOption(user, screen.getByLabelText('Дія'), 'Зарплата');
    await user.click(screen.getByRole('button', { name: /Завантажити XLSX/ }));

    await waitFor(() => expect(files.fileNames()).toEqual(['Журнал змін.xlsx']));
    expect(logQueries(spy, '/api/activity/export')).toEqual([{ kind: 'salary' }]);
  });
});
