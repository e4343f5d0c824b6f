import type { StaffRate } from '@medcalc/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useFakeTimersWithTestingLibrary } from '@/testing/fake-timers';
import { requestsTo } from '@/testing/fetch-calls';
import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';

import { SalaryInput } from './salary-input';

const RATE: StaffRate = {
  id: 11,
  qualification: 'Лікар-терапевт',
  category: 'вища',
  scientific_degree: 'немає',
  salary: 24000,
};
const LABEL = 'Оклад: Лікар-терапевт';

beforeEach(() => {
  useFakeTimersWithTestingLibrary();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderInput() {
  const spy = mockFetch((call) =>
    call.path === '/api/change-salary'
      ? jsonResponse(200, { message: 'Оклад змінено.' })
      : jsonResponse(404, { message: 'Не знайдено.' }),
  );
  renderRoutes([{ path: '/', element: <SalaryInput rate={RATE} label={LABEL} /> }], {
    user: testUser,
  });
  return { spy, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

describe('SalaryInput (issue 13)', () => {
  it('says «Введіть число» for letters, keeps them on leaving, and saves nothing', async () => {
    const { spy, user } = renderInput();
    const input = screen.getByRole('spinbutton', { name: LABEL });

    await user.clear(input);
    await user.type(input, '25000');
    await user.type(input, 'грн');
    await user.tab();
    await act(() => vi.advanceTimersByTimeAsync(3000));

    expect(screen.getByText('Введіть число')).toBeInTheDocument();
    expect(input).toHaveValue('25000грн');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(0);
  });

  it('holds a salary of 0 with a warning until «Зберегти 0» is pressed', async () => {
    const { spy, user } = renderInput();
    const input = screen.getByRole('spinbutton', { name: LABEL });

    await user.clear(input);
    await user.type(input, '0');
    await act(() => vi.advanceTimersByTimeAsync(3000));

    expect(screen.getByText('Оклад 0: вартість праці буде 0')).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Зберегти оклад 0: ${LABEL}` }));
    await waitFor(() => expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(1));
    expect(requestsTo(spy, 'POST', '/api/change-salary')[0]?.body).toEqual({ id: 11, salary: 0 });
  });

  describe('leaving the page (issue 33)', () => {
    /** The browser's `beforeunload` before closing or reloading the tab; answers whether it asks. */
    const closeTab = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };

    it('sends a salary typed within the 2 s as the tab closes, as a keep-alive request, and asks nothing', async () => {
      const { spy, user } = renderInput();
      const input = screen.getByRole('spinbutton', { name: LABEL });

      await user.clear(input);
      await user.type(input, '25000');
      expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(0);

      expect(closeTab()).toBe(false);
      window.dispatchEvent(new Event('pagehide'));
      await waitFor(() => expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(1));
      expect(requestsTo(spy, 'POST', '/api/change-salary')[0]?.body).toEqual({
        id: 11,
        salary: 25000,
      });
      const sent = spy.mock.calls.find(([input]) => String(input).endsWith('/api/change-salary'));
      expect(sent?.[1]?.keepalive).toBe(true);

      // Sent once: the 2 s timer is not left to send it again.
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(1);
    });

    it('asks before closing while the typed salary is one the page would not save', async () => {
      const { spy, user } = renderInput();
      const input = screen.getByRole('spinbutton', { name: LABEL });

      expect(closeTab()).toBe(false);
      await user.clear(input);
      await user.type(input, '0');
      expect(closeTab()).toBe(true);

      await user.clear(input);
      await user.type(input, '25 тис');
      expect(closeTab()).toBe(true);
      expect(requestsTo(spy, 'POST', '/api/change-salary')).toHaveLength(0);
    });
  });
});
