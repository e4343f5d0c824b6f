import { emptyCompanyInfo } from '@medcalc/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch, renderRoutes, testUser } from '@/testing/test-utils';

import { OrderOverview } from './order-overview';

afterEach(() => {
  vi.unstubAllGlobals();
});

const calculation = (id: number, name: string) => ({
  id,
  identifier: `calc-${id}`,
  categoryId: 1,
  name,
  calculation: { bonus: 0, profit: 0, stuff: [], pills: [] },
});

function render(identifier = 'ord-7') {
  return renderRoutes(
    [
      {
        path: '/orders/create/:identifier',
        element: <OrderOverview identifier={identifier} backLink={<a href="/orders">Назад</a>} />,
      },
    ],
    { path: `/orders/create/${identifier}`, user: testUser },
  );
}

describe('OrderOverview', () => {
  it('shows the order’s name, status and calculations by category', async () => {
    mockFetch((call) =>
      call.path === '/api/orders/ord-7'
        ? jsonResponse(200, {
            identifier: 'ord-7',
            name: 'Осінній прайс',
            status: 'payed',
            companyInfo: emptyCompanyInfo(),
            calculations: {
              'Медичні огляди': [calculation(1, 'Огляд водіїв'), calculation(2, 'Огляд для зброї')],
              'Лабораторні дослідження': [calculation(3, 'Аналіз крові')],
            },
          })
        : jsonResponse(204),
    );
    render();

    expect(await screen.findByText('Осінній прайс')).toBeInTheDocument();
    expect(screen.getByText('Оплачено, можна починати заповнення')).toBeInTheDocument();
    expect(screen.getByText('Майстер розрахунку — у розробці')).toBeInTheDocument();
    const exams = screen.getByRole('list', { name: 'Медичні огляди' });
    expect(exams).toHaveTextContent('Огляд водіїв');
    expect(exams).toHaveTextContent('Огляд для зброї');
    expect(screen.getByRole('list', { name: 'Лабораторні дослідження' })).toHaveTextContent(
      'Аналіз крові',
    );
  });

  it('shows the server’s refusal for an unpaid order instead of the order', async () => {
    mockFetch(() =>
      jsonResponse(403, { message: 'Заповнення стане доступним після підтвердження оплати.' }),
    );
    render();

    expect(
      await screen.findByText('Заповнення стане доступним після підтвердження оплати.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Замовлення ще недоступне')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Назад' })).toBeInTheDocument();
    expect(screen.queryByText('Майстер розрахунку — у розробці')).not.toBeInTheDocument();
  });
});
