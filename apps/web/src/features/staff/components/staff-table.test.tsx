import { SALARY_SAVE_DELAY_MS, type StaffRate } from '@medcalc/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { chooseOption } from '@/testing/choose-option';
import { findDialog } from '@/testing/dialogs';
import { useFakeTimersWithTestingLibrary } from '@/testing/fake-timers';
import { fetchedRequests, requestsTo } from '@/testing/fetch-calls';
import { fakeApi, jsonResponse, renderAtRoot, testUser, testViewer } from '@/testing/test-utils';
import type { CallOverrides } from '@/testing/test-utils';
import { emulateTouchScreen, emulateWidth } from '@/testing/viewport';

import { NEW_ROW_HIGHLIGHT_MS, StaffTable } from './staff-table';

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
function fakeServer(initial: StaffRate[], overrides?: CallOverrides) {
  let rows = [...initial];
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === STAFF_PATH) return jsonResponse(200, rows);
    if (call.method === 'GET' && call.path.endsWith('/orders'))
      return jsonResponse(200, { total: 0, orders: [] });
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
    return undefined;
  }, overrides);
}

function renderTable() {
  return renderAtRoot(<StaffTable companyIdentifier={COMPANY} />, { user: testUser });
}

/**
 * On fake timers (the caller turns them on): serves `rows`, renders the table and finds the therapist's salary
 * input, with a user whose waits move the fake clock.
 */
async function renderSalary(rows: StaffRate[], overrides?: CallOverrides) {
  const spy = fakeServer(rows, overrides);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderTable();
  const salary = await screen.findByRole('spinbutton', { name: THERAPIST_SALARY });
  return { spy, user, view, salary };
}

/** Fills the new-position modal with a cardiologist of the second category at 21 000 UAH and submits it. */
async function addCardiologist(user: UserEvent, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Кваліфікація'), 'Лікар-кардіолог');
  await chooseOption(user, within(dialog).getByLabelText('Категорія'), 'друга');
  await user.type(within(dialog).getByLabelText('Оклад, грн на місяць'), '21000');
  await user.click(within(dialog).getByRole('button', { name: 'Додати' }));
}

describe('StaffTable', () => {
  it('shows a «Перегляд» member the salaries as text, with no add or delete (issue 22)', async () => {
    emulateWidth(1366);
    fakeServer([THERAPIST, NURSE]);
    renderAtRoot(<StaffTable companyIdentifier={COMPANY} />, { user: testViewer });

    const row = (await screen.findByText('Лікар-терапевт')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('24\u00a0000,00');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Додати посаду' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Видалити/ })).toBeNull();
  });

  it('lists qualification, category, degree and an editable salary', async () => {
    emulateWidth(1366);
    fakeServer([THERAPIST, NURSE]);
    renderTable();

    const salary = await screen.findByRole('spinbutton', { name: THERAPIST_SALARY });
    expect(salary).toHaveValue('24\u00a0000,00');
    const cells = within(salary.closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells.slice(0, 3).map((cell) => cell.textContent)).toEqual([
      'Лікар-терапевт',
      'вища',
      'немає',
    ]);
    expect(
      screen.getByRole('spinbutton', { name: 'Оклад: Сестра медична, перша, немає' }),
    ).toHaveValue('13\u00a0500,00');
  });

  it('says Tab moves to the next salary where there is a keyboard, and not on a touch screen (issue 23)', async () => {
    emulateWidth(1366);
    fakeServer([THERAPIST]);
    const view = renderTable();
    expect(await screen.findByText(/Tab переходить до наступного окладу\./)).toBeInTheDocument();
    view.unmount();

    emulateTouchScreen(390);
    renderTable();
    expect(
      await screen.findByText(/Змінений оклад зберігається автоматично через 2 секунди/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Tab/)).toBeNull();
  });

  it('saves a salary 2 s after the last keystroke, once, then reloads the table', async () => {
    expect(SALARY_SAVE_DELAY_MS).toBe(2000);
    useFakeTimersWithTestingLibrary();
    const { spy, user, salary } = await renderSalary([THERAPIST, NURSE]);
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
    expect(screen.getByRole('spinbutton', { name: THERAPIST_SALARY })).toHaveValue(
      '25\u00a0000,00',
    );

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(1);
  });

  it('does not save an emptied salary and shows the stored one again on leaving', async () => {
    useFakeTimersWithTestingLibrary();
    const { spy, user, salary } = await renderSalary([THERAPIST]);

    await user.clear(salary);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(0);
    expect(salary).toHaveValue('');
    expect(salary).toHaveAccessibleDescription('Введіть оклад');

    await user.tab();
    expect(salary).toHaveValue('24\u00a0000,00');
    expect(salary).toHaveAccessibleDescription('Повернуто збережений оклад');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(0);

    // The hint lasts until the next edit.
    await user.clear(salary);
    await user.type(salary, '25000');
    expect(salary).toHaveAccessibleDescription('Збереження…');
  });

  it('keeps a negative or over-precise salary as typed, says why and never saves it', async () => {
    useFakeTimersWithTestingLibrary();
    const { spy, user, salary } = await renderSalary([THERAPIST]);

    await user.clear(salary);
    await user.type(salary, '-100');
    await user.tab();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(salary).toHaveValue('-100,00');
    expect(salary).toHaveAttribute('aria-invalid', 'true');
    expect(salary).toHaveAccessibleDescription('Поле «Оклад» не може бути від’ємним.');

    await user.clear(salary);
    await user.type(salary, '100,555');
    await user.tab();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(salary).toHaveValue('100,555');
    expect(salary).toHaveAccessibleDescription('Поле «Оклад»: не більше двох знаків після коми.');
    expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(0);
    expect(screen.queryByText('Оклад змінено.')).not.toBeInTheDocument();
  });

  it('reads a salary typed with spaces and a decimal comma', async () => {
    useFakeTimersWithTestingLibrary();
    const { spy, user, salary } = await renderSalary([THERAPIST]);

    await user.clear(salary);
    await user.type(salary, '26 500,5');
    await act(() => vi.advanceTimersByTimeAsync(SALARY_SAVE_DELAY_MS));

    await waitFor(() => expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(1));
    expect(requestsTo(spy, 'POST', '/api/change-salary')[0]?.body).toEqual({
      id: THERAPIST.id,
      salary: 26500.5,
    });
    await user.tab();
    expect(salary).toHaveValue('26\u00a0500,50');
  });

  it('offers to send a failed save again without retyping', async () => {
    useFakeTimersWithTestingLibrary();
    let failuresLeft = 1;
    const { spy, user, salary } = await renderSalary([THERAPIST], (call) =>
      call.method === 'POST' && call.path === '/api/change-salary' && failuresLeft-- > 0
        ? jsonResponse(503, { message: 'Сервер тимчасово недоступний.' })
        : undefined,
    );

    await user.clear(salary);
    await user.type(salary, '25000');
    await act(() => vi.advanceTimersByTimeAsync(SALARY_SAVE_DELAY_MS));
    expect(await screen.findByText('Не збережено')).toBeInTheDocument();
    expect(salary).toHaveValue('25000');

    await user.click(screen.getByRole('button', { name: `Повторити: ${THERAPIST_SALARY}` }));

    await waitFor(() => expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(2));
    expect(requestsTo(spy, 'POST', '/api/change-salary').map((request) => request.body)).toEqual([
      { id: THERAPIST.id, salary: 25000 },
      { id: THERAPIST.id, salary: 25000 },
    ]);
    expect(await screen.findByText('Оклад змінено.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Не збережено')).not.toBeInTheDocument());
    expect(
      screen.queryByRole('button', { name: `Повторити: ${THERAPIST_SALARY}` }),
    ).not.toBeInTheDocument();
  });

  describe('an edit still waiting when its row is deleted', () => {
    const THERAPIST_DELETE = 'Видалити «Лікар-терапевт, вища, немає»';
    const salaryPosts = (spy: ReturnType<typeof fakeServer>) =>
      requestsTo(spy, 'POST', '/api/change-salary');

    beforeEach(() => {
      useFakeTimersWithTestingLibrary();
    });

    /** Types a new salary for the therapist and asks to delete that row at once. */
    async function editThenAskToDelete() {
      const { spy, user, salary } = await renderSalary([THERAPIST, NURSE]);
      await user.clear(salary);
      await user.type(salary, '30000');
      await user.click(screen.getByRole('button', { name: THERAPIST_DELETE }));
      return { spy, user, dialog: await findDialog('Видалити посаду?') };
    }

    const confirmAndWaitForTheRowToGo = async (user: UserEvent, dialog: HTMLElement) => {
      await user.click(within(dialog).getByRole('button', { name: 'Так, видалити' }));
      await waitFor(() =>
        expect(
          screen.queryByRole('spinbutton', { name: THERAPIST_SALARY }),
        ).not.toBeInTheDocument(),
      );
      await act(() => vi.advanceTimersByTimeAsync(5000));
    };

    it('waits while the question is read, then is dropped with the row', async () => {
      const { spy, user, dialog } = await editThenAskToDelete();
      await act(() => vi.advanceTimersByTimeAsync(SALARY_SAVE_DELAY_MS + 500));
      expect(salaryPosts(spy)).toHaveLength(0);

      await confirmAndWaitForTheRowToGo(user, dialog);

      expect(
        requestsTo(spy, 'DELETE', `/api/company/${COMPANY}/stuff/${THERAPIST.id}`),
      ).toHaveLength(1);
      expect(salaryPosts(spy)).toHaveLength(0);
    });

    it('is dropped when the row goes before the 2 s are over', async () => {
      const { spy, user, dialog } = await editThenAskToDelete();

      await confirmAndWaitForTheRowToGo(user, dialog);

      expect(salaryPosts(spy)).toHaveLength(0);
    });

    it('is sent when the deletion is cancelled', async () => {
      const { spy, user, dialog } = await editThenAskToDelete();
      await act(() => vi.advanceTimersByTimeAsync(SALARY_SAVE_DELAY_MS + 500));
      expect(salaryPosts(spy)).toHaveLength(0);

      await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));

      await waitFor(() => expect(salaryPosts(spy)).toHaveLength(1));
      expect(salaryPosts(spy)[0]?.body).toEqual({ id: THERAPIST.id, salary: 30000 });
    });
  });

  it('names the orders that use the position in its delete question, with a spinner meanwhile (issue 33)', async () => {
    let answer: (response: Response) => void = () => undefined;
    const usage = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    fakeServer([THERAPIST, NURSE], (call) =>
      call.path === `/api/company/${COMPANY}/stuff/${THERAPIST.id}/orders` ? usage : undefined,
    );
    const user = userEvent.setup();
    renderTable();

    await user.click(
      await screen.findByRole('button', { name: 'Видалити «Лікар-терапевт, вища, немає»' }),
    );
    const dialog = await findDialog('Видалити посаду?');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Перевіряємо, чи використовується в замовленнях…',
    );
    answer(jsonResponse(200, { total: 1, orders: [{ identifier: 'ord-1', name: 'Планові УЗД' }] }));
    expect(
      await within(dialog).findByText('Використовується в замовленнях: «Планові УЗД» (ord-1).'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('still sends an edit when the page is left inside the 2 s', async () => {
    useFakeTimersWithTestingLibrary();
    const { spy, user, view, salary } = await renderSalary([THERAPIST]);

    await user.clear(salary);
    await user.type(salary, '27000');
    view.unmount();

    await waitFor(() => expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(1));
    expect(requestsTo(spy, 'POST', '/api/change-salary')[0]?.body).toEqual({
      id: THERAPIST.id,
      salary: 27000,
    });
  });

  it('adds an own position through the modal', async () => {
    const spy = fakeServer([THERAPIST]);
    const user = userEvent.setup();
    renderTable();
    await screen.findByRole('spinbutton', { name: THERAPIST_SALARY });

    await user.click(screen.getByRole('button', { name: 'Додати посаду' }));
    const dialog = await findDialog('Нова посада');
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));
    expect(await within(dialog).findByText('Поле «Кваліфікація» обов’язкове.')).toBeInTheDocument();
    expect(within(dialog).getByText('Оберіть категорію зі списку.')).toBeInTheDocument();

    await addCardiologist(user, dialog);

    expect(
      await screen.findByRole('spinbutton', { name: 'Оклад: Лікар-кардіолог, друга, немає' }),
    ).toHaveValue('21\u00a0000,00');
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

  it('scrolls to a newly added position and highlights it for a moment', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    fakeServer([THERAPIST, NURSE]);
    const user = userEvent.setup();
    renderTable();
    await screen.findByRole('spinbutton', { name: THERAPIST_SALARY });

    await user.click(screen.getByRole('button', { name: 'Додати посаду' }));
    const dialog = await findDialog('Нова посада');
    await addCardiologist(user, dialog);

    const added = await screen.findByRole('spinbutton', {
      name: 'Оклад: Лікар-кардіолог, друга, немає',
    });
    const row = added.closest('tr') as HTMLElement;
    await waitFor(() => expect(scrolled).toContain(row));
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(within(row).getAllByRole('cell')[0]?.style.background).not.toBe('');
    const other = screen.getByRole('spinbutton', { name: THERAPIST_SALARY }).closest('tr');
    expect(other).not.toHaveAttribute('aria-current');

    await waitFor(() => expect(row).not.toHaveAttribute('aria-current'), {
      timeout: NEW_ROW_HIGHLIGHT_MS + 1000,
    });
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  const isFixedEnd = (cell: HTMLElement | undefined) =>
    [...(cell?.classList ?? [])].some((name) => /cell-fix-(right|end)$/.test(name));

  it('keeps the salary and delete columns fixed at the right edge from a tablet up', async () => {
    emulateWidth(1024);
    fakeServer([THERAPIST]);
    renderTable();
    const salary = await screen.findByRole('spinbutton', { name: THERAPIST_SALARY });

    const cells = within(salary.closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells.map(isFixedEnd)).toEqual([false, false, false, true, true]);
  });

  it('on a phone pins nothing and shows the whole position, wrapped, beside the salary', async () => {
    emulateWidth(390);
    const long = { ...THERAPIST, id: 13, qualification: 'Лікар'.repeat(51) };
    fakeServer([long]);
    renderTable();
    const salary = await screen.findByRole('spinbutton', {
      name: `Оклад: ${long.qualification}, вища, немає`,
    });

    const cells = within(salary.closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells.map(isFixedEnd)).toEqual([false, false, false]);
    expect(cells[0]).toHaveTextContent(`${long.qualification}, вища, немає`);
    expect(cells[0]?.style.overflowWrap).toBe('break-word');
    expect(
      within(cells[2] as HTMLElement).getByRole('button', { name: /^Видалити/ }),
    ).toBeInTheDocument();
  });

  it('filters the loaded table by the search box, and says when nothing matches', async () => {
    fakeServer([THERAPIST, NURSE]);
    renderTable();
    const user = userEvent.setup();
    await screen.findByRole('spinbutton', { name: THERAPIST_SALARY });

    await user.type(screen.getByRole('searchbox', { name: 'Пошук посади' }), 'СЕСТРА');
    expect(screen.queryByRole('spinbutton', { name: THERAPIST_SALARY })).not.toBeInTheDocument();
    expect(
      screen.getByRole('spinbutton', { name: 'Оклад: Сестра медична, перша, немає' }),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Пошук посади' }), 'xyz');
    expect(screen.getByText('Посад за цим пошуком не знайдено.')).toBeInTheDocument();
  });

  it('moves Tab from one salary to the next, and keeps its sticky header', async () => {
    fakeServer([THERAPIST, NURSE]);
    const { container } = renderTable();
    const user = userEvent.setup();
    const first = await screen.findByRole('spinbutton', { name: THERAPIST_SALARY });
    const second = screen.getByRole('spinbutton', { name: 'Оклад: Сестра медична, перша, немає' });

    await user.click(first);
    await user.tab();
    expect(second).toHaveFocus();
    // From the last salary Tab leaves the inputs (to that row's delete button).
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName(/^Видалити «Сестра медична/);
    expect(container.querySelector('.ant-table-sticky-holder')).not.toBeNull();
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
