import type { Measurement } from '@medcalc/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { openDialog } from '@/testing/dialogs';
import { useFakeTimersWithTestingLibrary } from '@/testing/fake-timers';
import { requestsTo } from '@/testing/fetch-calls';
import { goToPage, pagedAnswer } from '@/testing/paged-answer';
import { fakeApi, jsonResponse, renderAtRoot, testUser } from '@/testing/test-utils';
import type { CallOverrides } from '@/testing/test-utils';
import { emulateWidth } from '@/testing/viewport';
import { formatDateTime } from '@/utils/format';

import { MeasurementsTable } from './measurements-table';
import { StandardMeasurements } from './standard-measurements';

const COMPANY = testUser.companyIdentifier;
const LIST_PATH = `/api/company/${COMPANY}/measurements`;

const unit = (id: number, name: string): Measurement => ({
  id,
  name,
  created_at: `2026-11-${String(10 + id).padStart(2, '0')}T08:15:00.000Z`,
  updated_at: `2026-11-${String(12 + id).padStart(2, '0')}T09:45:00.000Z`,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * A small fake of the measurements endpoints: the list filters by `search` and pages by `page`/`perPage`
 * as the server does, so what the table shows follows from what it asked for.
 */
function fakeServer(initial: Measurement[], overrides?: CallOverrides) {
  let rows = [...initial];
  const spy = fakeApi((call) => {
    if (call.method === 'GET' && call.path === '/api/get-measurements') {
      return jsonResponse(200, [
        { value: 1, label: 'шт' },
        { value: 2, label: 'мл' },
      ]);
    }
    if (call.method === 'GET' && call.path === LIST_PATH) {
      return pagedAnswer(spy, rows);
    }
    if (call.method === 'POST' && call.path === LIST_PATH) {
      const created = unit(rows.length + 100, (call.body as { name: string }).name);
      rows = [...rows, created];
      return jsonResponse(200, { message: 'Одиницю виміру додано.', data: created });
    }
    return undefined;
  }, overrides);
  return spy;
}

function renderPage() {
  return renderAtRoot(
    <>
      <StandardMeasurements />
      <MeasurementsTable companyIdentifier={COMPANY} />
    </>,
    { user: testUser },
  );
}

const table = () => screen.getByRole('region', { name: 'Власні одиниці виміру' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('MeasurementsTable', () => {
  it('shows the standard chips, then the own units with their dates', async () => {
    emulateWidth(1366);
    const first = unit(1, 'крапля');
    fakeServer([first, unit(2, 'пакет')]);
    renderPage();

    const chips = await screen.findByRole('list', { name: 'Стандартні одиниці виміру' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['шт', 'мл']);
    expect(screen.getByText(/Додайте власну нижче/)).toBeInTheDocument();

    const row = (
      await within(await screen.findByRole('region', { name: 'Власні одиниці виміру' })).findByText(
        'крапля',
      )
    ).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent(formatDateTime(first.created_at));
    expect(cells[2]).toHaveTextContent(formatDateTime(first.updated_at));
    expect(
      within(row as HTMLElement).getByRole('button', { name: 'Редагувати «крапля»' }),
    ).toBeInTheDocument();
    expect(
      within(row as HTMLElement).getByRole('button', { name: 'Видалити «крапля»' }),
    ).toBeInTheDocument();
  });

  it('wraps a long name in its column; on a phone it keeps the name and the actions, unpinned', async () => {
    emulateWidth(390);
    const long = unit(3, 'одиниця '.repeat(30).trim());
    fakeServer([long]);
    renderPage();

    const region = await screen.findByRole('region', { name: 'Власні одиниці виміру' });
    const row = (await within(region).findByText(long.name)).closest('tr') as HTMLElement;
    const cells = within(row).getAllByRole('cell');
    // Name and actions only: the dates give the phone's width to the name.
    expect(cells).toHaveLength(2);
    expect(cells[0]?.style.overflowWrap).toBe('break-word');
    expect(row.querySelector('[class*="cell-fix"]')).toBeNull();
    expect(
      within(row).getByRole('button', { name: `Видалити «${long.name}»` }),
    ).toBeInTheDocument();
    expect(region.querySelector('table')?.style.tableLayout).toBe('fixed');
  });

  it('says so when the company has no units of its own', async () => {
    fakeServer([]);
    renderPage();

    expect(await screen.findByText('Власних одиниць виміру ще немає')).toBeInTheDocument();
  });

  it('searches 1 s after typing stops, once, with the final text and page 1', async () => {
    useFakeTimersWithTestingLibrary();
    const rows = Array.from({ length: 12 }, (_, index) => unit(index + 1, `одиниця ${index + 1}`));
    const spy = fakeServer([...rows, unit(40, 'крапля')]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await within(await screen.findByRole('region', { name: 'Власні одиниці виміру' })).findByText(
      'одиниця 1',
    );

    // Page 2 first, so the search visibly starts again at page 1.
    await goToPage(user, table(), 2, 'одиниця 11');
    expect(requestsTo(spy, 'GET', LIST_PATH).at(-1)?.url.searchParams.get('page')).toBe('2');
    const before = requestsTo(spy, 'GET', LIST_PATH).length;

    // Keystrokes 400 ms apart: a pause that did not restart with each one would fire after 'кра'.
    const search = screen.getByRole('searchbox', { name: 'Пошук одиниць виміру' });
    for (const letter of 'крап') {
      await user.type(search, letter);
      await act(() => vi.advanceTimersByTimeAsync(400));
    }
    expect(requestsTo(spy, 'GET', LIST_PATH)).toHaveLength(before);
    // 999 ms after the last keystroke nothing has been asked yet; at 1000 ms the search goes out.
    await act(() => vi.advanceTimersByTimeAsync(599));
    expect(requestsTo(spy, 'GET', LIST_PATH)).toHaveLength(before);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requestsTo(spy, 'GET', LIST_PATH)).toHaveLength(before + 1);

    await within(table()).findByText('крапля');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    const searches = requestsTo(spy, 'GET', LIST_PATH).slice(before);
    expect(searches).toHaveLength(1);
    expect(Object.fromEntries(searches[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      perPage: '10',
      search: 'крап',
    });
    expect(bodyRows()).toHaveLength(1);
  });

  it('checks the name, then adds the unit and reloads the list', async () => {
    const spy = fakeServer([unit(1, 'крапля')]);
    const user = userEvent.setup();
    renderPage();
    await within(await screen.findByRole('region', { name: 'Власні одиниці виміру' })).findByText(
      'крапля',
    );

    const dialog = await openDialog(user, 'Додати', 'Нова одиниця виміру');
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));
    expect(await within(dialog).findByText('Поле «Назва» обов’язкове.')).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', LIST_PATH)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Назва'), '  пакет ');
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));

    await within(table()).findByText('пакет');
    expect(requestsTo(spy, 'POST', LIST_PATH).map((request) => request.body)).toEqual([
      { name: 'пакет' },
    ]);
    expect(await screen.findByText('Одиницю виміру додано.')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('renames a unit through PUT', async () => {
    const spy = fakeServer([unit(7, 'крапля')], (call) =>
      call.method === 'PUT' && call.path === `${LIST_PATH}/7`
        ? jsonResponse(200, { message: 'Одиницю виміру змінено.', data: unit(7, 'краплі') })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();

    const dialog = await openDialog(user, 'Редагувати «крапля»', 'Редагувати одиницю виміру');
    const name = within(dialog).getByLabelText('Назва');
    expect(name).toHaveValue('крапля');
    await user.clear(name);
    await user.type(name, 'краплі');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Одиницю виміру змінено.')).toBeInTheDocument();
    expect(requestsTo(spy, 'PUT', `${LIST_PATH}/7`).map((request) => request.body)).toEqual([
      { name: 'краплі' },
    ]);
  });

  it('shows the server’s refusal to delete a unit in use and closes the modal', async () => {
    const spy = fakeServer([unit(3, 'крапля')], (call) =>
      call.method === 'DELETE' && call.path === `${LIST_PATH}/3`
        ? jsonResponse(409, { message: 'Одиниця використовується в матеріалах.' })
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();

    const dialog = await openDialog(user, 'Видалити «крапля»', 'Видалити одиницю виміру?');
    expect(within(dialog).getByText(/«крапля» буде видалено/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Так, видалити' }));

    expect(await screen.findByText('Одиниця використовується в матеріалах.')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(requestsTo(spy, 'DELETE', `${LIST_PATH}/3`)).toHaveLength(1);
    expect(within(table()).getByText('крапля')).toBeInTheDocument();
  });
});
