import { SALARY_SAVE_DELAY_MS, type StaffRate } from '@medcalc/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { findDialog } from '@/testing/dialogs';
import { useFakeTimersWithTestingLibrary } from '@/testing/fake-timers';
import { fetchedRequests, requestsTo } from '@/testing/fetch-calls';
import {
  jsonResponse,
  mockFetch,
  renderRoutes,
  testUser,
  type FetchCall,
} from '@/testing/test-utils';
import { WithoutMotion } from '@/testing/without-motion';

import { StaffTable } from './staff-table';

const COMPANY = testUser.companyIdentifier;
const STAFF_PATH = `/api/get-stuff/${COMPANY}`;

const THERAPIST: StaffRate = {
  id: 11,
  qualification: 'Лікар-терапевт',
  category: 'вища',
  scientific_degree: 'немає',
  salary: 24000,
};
const NURSE: StaffRate = {
  id: 12,
  qualification: 'Сестра медична',
  category: 'перша',
  scientific_degree: 'немає',
  salary: 13500,
};
const THERAPIST_SALARY = 'Оклад: Лікар-терапевт, вища, немає';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fake of the staff endpoints that stores what it is sent, so a reload shows the saved salary. */
function fakeServer(
  initial: StaffRate[],
  overrides: (call: FetchCall) => Response | undefined = () => undefined,
) {
  let rows = [...initial];
  return mockFetch((call) => {
    const overridden = overrides(call);
    if (overridden) return overridden;
    if (call.method === 'GET' && call.path === STAFF_PATH) return jsonResponse(200, rows);
    if (call.method === 'POST' && call.path === '/api/change-salary') {
      const { id, salary } = call.body as { id: number; salary: number };
      rows = rows.map((row) => (row.id === id ? { ...row, salary } : row));
      return jsonResponse(200, { message: 'Оклад змінено.' });
    }
    if (call.method === 'POST' && call.path === `/api/company/${COMPANY}/stuff`) {
      const created = { id: 99, ...(call.body as Omit<StaffRate, 'id'>) };
      rows = [...rows, created];
      return jsonResponse(200, { message: 'Посаду додано.', data: created });
    }
    if (call.method === 'DELETE' && call.path.startsWith(`/api/company/${COMPANY}/stuff/`)) {
      const id = Number(call.path.split('/').at(-1));
      rows = rows.filter((row) => row.id !== id);
      return jsonResponse(200, { message: 'Посаду видалено.' });
    }
    return jsonResponse(404, { message: 'Не знайдено.' });
  });
}

function renderTable() {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <WithoutMotion>
            <StaffTable companyIdentifier={COMPANY} />
          </WithoutMotion>
        ),
      },
    ],
    { user: testUser },
  );
}

describe('StaffTable', () => {
  it('lists qualification, category, degree and an editable salary', async () => {
    fakeServer([THERAPIST, NURSE]);
    renderTable();

    const salary = await screen.findByRole('spinbutton', { name: THERAPIST_SALARY });
    expect(salary).toHaveValue('24000,00');
    const cells = within(salary.closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells.slice(0, 3).map((cell) => cell.textContent)).toEqual([
      'Лікар-терапевт',
      'вища',
      'немає',
    ]);
    expect(
      screen.getByRole('spinbutton', { name: 'Оклад: Сестра медична, перша, немає' }),
    ).toHaveValue('13500,00');
  });

  it('saves a salary 2 s after the last keystroke, once, then reloads the table', async () => {
    expect(SALARY_SAVE_DELAY_MS).toBe(2000);
    useFakeTimersWithTestingLibrary();
    const spy = fakeServer([THERAPIST, NURSE]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderTable();
    const salary = await screen.findByRole('spinbutton', { name: THERAPIST_SALARY });
    const loads = requestsTo(spy, 'GET', STAFF_PATH).length;

    await user.clear(salary);
    // Keystrokes 1.5 s apart: a delay that did not restart with each one would save '25' or '250'.
    for (const digit of '25000') {
      await user.type(salary, digit);
      await act(() => vi.advanceTimersByTimeAsync(1500));
    }
    expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(0);
    expect(screen.getByText('Збереження…')).toBeInTheDocument();

    // 1999 ms after the last keystroke: still nothing; at 2000 ms the one save goes out.
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(1));
    expect(requestsTo(spy, 'POST', '/api/change-salary')[0]?.body).toEqual({
      id: THERAPIST.id,
      salary: 25000,
    });

    // Then the list is asked for again and the indicator goes away.
    await waitFor(() => expect(requestsTo(spy, 'GET', STAFF_PATH)).toHaveLength(loads + 1));
    await waitFor(() => expect(screen.queryByText('Збереження…')).not.toBeInTheDocument());
    expect(await screen.findByText('Оклад змінено.')).toBeInTheDocument();
    const order = fetchedRequests(spy).map(
      (request) => `${request.method} ${request.url.pathname}`,
    );
    expect(order.lastIndexOf(`GET ${STAFF_PATH}`)).toBeGreaterThan(
      order.indexOf('POST /api/change-salary'),
    );
    // The typed value stays (it is what the server now stores) and settles to two decimals on leaving.
    await user.tab();
    expect(screen.getByRole('spinbutton', { name: THERAPIST_SALARY })).toHaveValue('25000,00');

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(1);
  });

  it('does not save an emptied salary', async () => {
    useFakeTimersWithTestingLibrary();
    const spy = fakeServer([THERAPIST]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderTable();

    await user.clear(await screen.findByRole('spinbutton', { name: THERAPIST_SALARY }));
    await act(() => vi.advanceTimersByTimeAsync(5000));

    expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(0);
  });

  it('adds an own position through the modal', async () => {
    const spy = fakeServer([THERAPIST]);
    const user = userEvent.setup();
    renderTable();
    await screen.findByRole('spinbutton', { name: THERAPIST_SALARY });

    await user.click(screen.getByRole('button', { name: 'Додати посаду' }));
    const dialog = await findDialog('Нова посада');
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));
    expect(await within(dialog).findByText("Поле «Кваліфікація» обов'язкове.")).toBeInTheDocument();
    expect(within(dialog).getByText('Оберіть категорію зі списку.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Кваліфікація'), 'Лікар-кардіолог');
    await user.click(within(dialog).getByLabelText('Категорія'));
    await waitFor(() =>
      expect(document.querySelector('.ant-select-item-option[title="друга"]')).not.toBeNull(),
    );
    await user.click(
      document.querySelector('.ant-select-item-option[title="друга"]') as HTMLElement,
    );
    await user.type(within(dialog).getByLabelText('Оклад, грн на місяць'), '21000');
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));

    expect(
      await screen.findByRole('spinbutton', { name: 'Оклад: Лікар-кардіолог, друга, немає' }),
    ).toHaveValue('21000,00');
    expect(
      requestsTo(spy, 'POST', `/api/company/${COMPANY}/stuff`).map((call) => call.body),
    ).toEqual([
      {
        qualification: 'Лікар-кардіолог',
        category: 'друга',
        scientific_degree: 'немає',
        salary: 21000,
      },
    ]);
  });

  it('removes a position after confirmation', async () => {
    const spy = fakeServer([THERAPIST, NURSE]);
    const user = userEvent.setup();
    renderTable();

    await user.click(
      await screen.findByRole('button', { name: 'Видалити «Сестра медична, перша, немає»' }),
    );
    const dialog = await findDialog('Видалити посаду?');
    await user.click(within(dialog).getByRole('button', { name: 'Так, видалити' }));

    await waitFor(() =>
      expect(
        screen.queryByRole('spinbutton', { name: 'Оклад: Сестра медична, перша, немає' }),
      ).not.toBeInTheDocument(),
    );
    expect(requestsTo(spy, 'DELETE', `/api/company/${COMPANY}/stuff/${NURSE.id}`)).toHaveLength(1);
  });

  it('says so when the staffing table is empty', async () => {
    fakeServer([]);
    renderTable();

    expect(await screen.findByText('Штатний розпис порожній. Додайте посаду.')).toBeInTheDocument();
  });
});
