import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { chooseOption } from '@/testing/choose-option';
import {
  fetchedPaths,
  jsonResponse,
  mockFetch,
  renderRoutes,
  testUser,
  type FetchCall,
} from '@/testing/test-utils';
import { WithoutMotion } from '@/testing/without-motion';

import { CreateOrderForm } from './create-order-form';

const CATEGORIES = [
  { value: 1, label: 'Медичні огляди' },
  { value: 2, label: 'Лабораторні дослідження' },
];
const TEMPLATES = [
  {
    categoryId: 1,
    categoryName: 'Медичні огляди',
    templates: [
      { templateId: 11, templateName: 'Огляд водіїв' },
      { templateId: 12, templateName: 'Огляд для зброї' },
    ],
  },
  {
    categoryId: 2,
    categoryName: 'Лабораторні дослідження',
    templates: [{ templateId: 21, templateName: 'Загальний аналіз крові' }],
  },
];
const OWN = [
  {
    categoryId: 2,
    categoryName: 'Лабораторні дослідження',
    calculations: [{ calculationId: 11, name: 'Наш аналіз сечі', orderName: 'Березень' }],
  },
];
/** An own calculation's checkbox: its name, then the order it comes from. */
const ownBox = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) });
const COMPANY_INFO = { name: 'КНП «Лікарня»', code: '12345678', form: 1 };

type Overrides = Partial<Record<string, (call: FetchCall) => Response | Promise<Response>>>;

function serve(overrides: Overrides = {}) {
  return mockFetch((call) => {
    const key = `${call.method} ${call.path}`;
    const override = overrides[key];
    if (override) return override(call);
    switch (key) {
      case 'GET /api/get-categories':
        return jsonResponse(200, CATEGORIES);
      case 'GET /api/get-templates-list':
        return jsonResponse(200, TEMPLATES);
      case `GET /api/company/${testUser.companyIdentifier}/calculations`:
        return jsonResponse(200, OWN);
      case `GET /api/company-info/${testUser.companyIdentifier}`:
        return jsonResponse(200, COMPANY_INFO);
      case `POST /api/company/${testUser.companyIdentifier}/orders/add`:
        return jsonResponse(200, { message: 'Замовлення створено.', identifier: 'ord-1' });
      default:
        return jsonResponse(204);
    }
  });
}

function CreateOrderPage() {
  const navigate = useNavigate();
  return <CreateOrderForm onCreated={() => void navigate('/orders')} />;
}

function render() {
  return renderRoutes(
    [
      {
        path: '/orders/create_order',
        element: (
          <WithoutMotion>
            <CreateOrderPage />
          </WithoutMotion>
        ),
      },
      { path: '/orders', element: <p>Список замовлень</p> },
    ],
    { path: '/orders/create_order', user: testUser },
  );
}

const total = (text: string) => screen.getByText(text);
const rows = () =>
  within(screen.getByRole('list', { name: 'Обрані послуги' })).getAllByRole('listitem');

async function openCategory(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
}

/** Opens `category` in the shown tab and checks its template `name`, which adds a row. */
async function checkTemplate(
  user: ReturnType<typeof userEvent.setup>,
  category: string,
  name: string,
) {
  await openCategory(user, category);
  await user.click(screen.getByRole('checkbox', { name }));
}

/** Replaces the order's name (a new order starts with a suggested one) with `name`. */
async function nameOrder(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.clear(screen.getByLabelText('Назва замовлення'));
  await user.type(screen.getByLabelText('Назва замовлення'), name);
}

/** Adds a row without a template (the list's last) and gives it the service `name` in `category`. */
async function addBlankRow(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  category: string,
) {
  await user.click(screen.getByRole('button', { name: 'Додати розрахунок без шаблону' }));
  const row = rows().at(-1) as HTMLElement;
  await user.type(within(row).getByLabelText('Назва послуги'), name);
  await user.click(within(row).getByLabelText('Категорія'));
  await user.click(await screen.findByTitle(category));
}

beforeEach(() => {
  // The page keeps its draft in sessionStorage (issue 13): each test starts without one.
  window.sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 10, 15));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CreateOrderForm', () => {
  it('starts with today’s default name, the empty list, a zero sum and no confirm button', async () => {
    serve();
    render();

    expect(screen.getByLabelText('Назва замовлення')).toHaveValue('Розрахунок для: 22.11.2026');
    expect(
      screen.getByText(
        'Список послуг для розрахунку порожній, додайте розрахунок із шаблонів або створіть новий',
      ),
    ).toBeInTheDocument();
    expect(total('До сплати: 240 грн × 0 = 0 грн')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Підтвердити замовлення' }),
    ).not.toBeInTheDocument();
    // The templates tab shows a skeleton until its list arrives.
    expect(screen.getByRole('status', { name: 'Завантаження шаблонів' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Медичні огляди/ })).toBeInTheDocument();
  });

  it('adds and removes rows by checking templates, and sums 240 per row', async () => {
    serve();
    render();
    const user = userEvent.setup();

    await checkTemplate(user, 'Медичні огляди', 'Огляд водіїв');
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0] as HTMLElement).getByLabelText('Назва послуги')).toHaveValue(
      'Огляд водіїв',
    );
    expect(total('До сплати: 240 грн × 1 = 240 грн')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Підтвердити замовлення' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Огляд для зброї' }));
    await checkTemplate(user, 'Лабораторні дослідження', 'Загальний аналіз крові');
    await user.click(screen.getByRole('button', { name: 'Додати розрахунок без шаблону' }));
    expect(rows()).toHaveLength(4);
    expect(total('До сплати: 240 грн × 4 = 960 грн')).toBeInTheDocument();

    // Unchecking removes the row with the same source id, wherever it is in the list.
    await user.click(screen.getByRole('checkbox', { name: 'Огляд водіїв' }));
    expect(rows().map((row) => within(row).getByLabelText('Назва послуги'))).toEqual([
      expect.objectContaining({ value: 'Огляд для зброї' }),
      expect.objectContaining({ value: 'Загальний аналіз крові' }),
      expect.objectContaining({ value: '' }),
    ]);
    expect(total('До сплати: 240 грн × 3 = 720 грн')).toBeInTheDocument();

    // The row's remove button unchecks its template too.
    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: /Прибрати/ }));
    expect(screen.getByRole('checkbox', { name: 'Огляд для зброї' })).not.toBeChecked();
    expect(rows()).toHaveLength(2);
  });

  it('hides the confirm button again when the last row goes', async () => {
    serve();
    render();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Додати розрахунок без шаблону' }));
    expect(screen.getByRole('button', { name: 'Підтвердити замовлення' })).toBeInTheDocument();
    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: /Прибрати/ }));

    expect(
      screen.queryByRole('button', { name: 'Підтвердити замовлення' }),
    ).not.toBeInTheDocument();
    expect(total('До сплати: 240 грн × 0 = 0 грн')).toBeInTheDocument();
  });

  it('switches to own calculations, where checking adds a calculation-sourced row', async () => {
    serve();
    render();
    const user = userEvent.setup();

    await checkTemplate(user, 'Медичні огляди', 'Огляд водіїв');
    await user.click(screen.getByRole('tab', { name: 'Власні розрахунки' }));
    await openCategory(user, 'Лабораторні дослідження');
    const own = ownBox('Наш аналіз сечі');
    expect(own).not.toBeChecked();
    await user.click(own);

    // Template 11 and own calculation 11 share a number but are different sources.
    expect(rows()).toHaveLength(2);
    expect(within(rows()[1] as HTMLElement).getByText('Власний розрахунок')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Шаблони' }));
    expect(screen.getByRole('checkbox', { name: 'Огляд водіїв' })).toBeChecked();

    await user.click(screen.getByRole('tab', { name: 'Власні розрахунки' }));
    await user.click(ownBox('Наш аналіз сечі'));
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0] as HTMLElement).getByText('Шаблон')).toBeInTheDocument();
  });

  it('names the order of each own calculation, so equal names can be told apart', async () => {
    serve({
      [`GET /api/company/${testUser.companyIdentifier}/calculations`]: () =>
        jsonResponse(200, [
          {
            categoryId: 1,
            categoryName: 'Медичні огляди',
            calculations: [
              { calculationId: 31, name: 'Огляд водіїв', orderName: 'Квітень' },
              { calculationId: 32, name: 'Огляд водіїв', orderName: 'Травень' },
            ],
          },
        ]),
    });
    render();
    const user = userEvent.setup();

    await user.click(screen.getByRole('tab', { name: 'Власні розрахунки' }));
    await openCategory(user, 'Медичні огляди');
    const panel = screen.getByRole('tabpanel', { name: 'Власні розрахунки' });
    const boxes = within(panel).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      'Огляд водіївЗамовлення «Квітень»',
      'Огляд водіївЗамовлення «Травень»',
    ]);

    // The chosen row takes the calculation's own name; the order name only tells the entries apart.
    await user.click(boxes[1] as HTMLElement);
    expect(within(rows()[0] as HTMLElement).getByLabelText('Назва послуги')).toHaveValue(
      'Огляд водіїв',
    );
    expect(boxes[0]).not.toBeChecked();
  });

  it('says so when the company has no own calculations', async () => {
    serve({
      [`GET /api/company/${testUser.companyIdentifier}/calculations`]: () => jsonResponse(200, []),
    });
    render();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Власні розрахунки' }));

    expect(
      await screen.findByText('Список власних розрахунків порожній. Створіть новий розрахунок'),
    ).toBeInTheDocument();
  });

  it('asks a blank row for a name and a category before confirming, without a request', async () => {
    const fetchSpy = serve();
    const scrollSpy = vi.spyOn(Element.prototype, 'scrollIntoView');
    render();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Додати розрахунок без шаблону' }));
    await user.click(screen.getByRole('button', { name: 'Підтвердити замовлення' }));

    const row = rows()[0] as HTMLElement;
    expect(within(row).getByLabelText('Назва послуги')).toHaveAccessibleDescription(
      'Поле «Назва послуги» обов’язкове.',
    );
    expect(within(row).getByText('Поле «Категорія» обов’язкове.')).toBeInTheDocument();
    expect(screen.queryByText('Ви підтверджуєте замовлення?')).not.toBeInTheDocument();
    // Beside the button too, and the marked row is brought into view.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Заповніть назву та категорію позначених послуг.',
    );
    expect(scrollSpy.mock.contexts).toContain(row);

    // The messages follow the edits.
    await user.type(within(row).getByLabelText('Назва послуги'), 'Масаж');
    await waitFor(() =>
      expect(within(row).queryByText('Поле «Назва послуги» обов’язкове.')).not.toBeInTheDocument(),
    );
    expect(within(row).getByText('Поле «Категорія» обов’язкове.')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([, init]) => (init?.method ?? 'GET') !== 'GET')).toBe(false);
    scrollSpy.mockRestore();
  });

  it('brings a row added without a template into view with its name focused (issue 33)', async () => {
    serve();
    const scrollSpy = vi.spyOn(Element.prototype, 'scrollIntoView');
    render();
    const user = userEvent.setup();
    const addBlank = screen.getByRole('button', { name: 'Додати розрахунок без шаблону' });

    await user.click(addBlank);
    await user.click(addBlank);

    const row = rows()[1] as HTMLElement;
    expect(within(row).getByLabelText('Назва послуги')).toHaveFocus();
    expect(scrollSpy.mock.contexts.at(-1)).toBe(row);
    await user.keyboard('Масаж');
    expect(within(row).getByLabelText('Назва послуги')).toHaveValue('Масаж');
    scrollSpy.mockRestore();
  });

  it('posts the order after the confirm modal and goes to /orders', async () => {
    const fetchSpy = serve();
    const { router } = render();
    const user = userEvent.setup();

    await nameOrder(user, 'Осінній прайс');
    await checkTemplate(user, 'Медичні огляди', 'Огляд водіїв');
    await addBlankRow(user, 'Масаж спини', 'Лабораторні дослідження');
    await user.click(screen.getByRole('tab', { name: 'Власні розрахунки' }));
    await openCategory(user, 'Лабораторні дослідження');
    await user.click(ownBox('Наш аналіз сечі'));
    expect(total('До сплати: 240 грн × 3 = 720 грн')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Підтвердити замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ви підтверджуєте замовлення?' });
    expect(within(dialog).getByText(/зв’яжеться представник/)).toBeInTheDocument();

    // 'No' keeps the page as it is.
    await user.click(within(dialog).getByRole('button', { name: 'Ні, я ще відкоригую' }));
    const isPost = ([, init]: Parameters<typeof fetch>) => init?.method === 'POST';
    expect(fetchSpy.mock.calls.some(isPost)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Підтвердити замовлення' }));
    const again = await screen.findByRole('dialog', { name: 'Ви підтверджуєте замовлення?' });
    await user.click(within(again).getByRole('button', { name: 'Так, підтверджую' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    const post = fetchSpy.mock.calls.find(isPost);
    expect(String(post?.[0])).toContain(`/api/company/${testUser.companyIdentifier}/orders/add`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      userIdentifier: testUser.identifier,
      name: 'Осінній прайс',
      companyInfo: expect.objectContaining({ name: 'КНП «Лікарня»', code: '12345678', form: 1 }),
      calculations: [
        {
          categoryId: 1,
          source: 'template',
          sourceId: 11,
          templateId: 11,
          templateName: 'Огляд водіїв',
        },
        { categoryId: 2, source: null, sourceId: null, templateName: 'Масаж спини' },
        { categoryId: 2, source: 'calculation', sourceId: 11, templateName: 'Наш аналіз сечі' },
      ],
    });
    expect(await screen.findByText('Замовлення створено.')).toBeInTheDocument();
    // The placed order's draft is gone: the next visit starts afresh.
    expect(window.sessionStorage.length).toBe(0);
  });

  it('keeps the chosen services and the name when the user leaves the page and comes back', async () => {
    serve();
    const first = render();
    const user = userEvent.setup();
    await nameOrder(user, 'Зимовий прайс');
    await checkTemplate(user, 'Медичні огляди', 'Огляд водіїв');
    await user.click(screen.getByRole('button', { name: 'Додати розрахунок без шаблону' }));
    await user.type(within(rows()[1] as HTMLElement).getByLabelText('Назва послуги'), 'Масаж');
    first.unmount();

    render();
    expect(screen.getByLabelText('Назва замовлення')).toHaveValue('Зимовий прайс');
    expect(rows().map((row) => within(row).getByLabelText('Назва послуги'))).toEqual([
      expect.objectContaining({ value: 'Огляд водіїв' }),
      expect.objectContaining({ value: 'Масаж' }),
    ]);
    expect(total('До сплати: 240 грн × 2 = 480 грн')).toBeInTheDocument();
    await openCategory(user, 'Медичні огляди');
    expect(screen.getByRole('checkbox', { name: 'Огляд водіїв' })).toBeChecked();
  });

  it('asks before the tab goes with typed input, but not on another page of the app, which keeps it (issue 33)', async () => {
    serve();
    const { router } = render();
    const user = userEvent.setup();
    /** `beforeunload` as the browser sends it before closing or reloading the tab; answers whether it asks. */
    const closeTab = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByRole('button', { name: /^Медичні огляди/ });
    expect(closeTab()).toBe(false);

    await user.type(screen.getByLabelText('Назва замовлення'), ' (зима)');
    expect(closeTab()).toBe(true);
    await nameOrder(user, 'Розрахунок для: 22.11.2026');
    expect(closeTab()).toBe(false);
    await checkTemplate(user, 'Медичні огляди', 'Огляд водіїв');
    expect(closeTab()).toBe(true);
    await user.type(screen.getByLabelText('Назва замовлення'), '!');

    // The draft stays in the tab: the app's own links go without the question, and it is there on coming back.
    await act(() => router.navigate('/orders'));
    expect(await screen.findByText('Список замовлень')).toBeInTheDocument();
    expect(screen.queryByText('Залишити сторінку?')).not.toBeInTheDocument();
    expect(closeTab()).toBe(false);
    await act(() => router.navigate('/orders/create_order'));
    expect(await screen.findByLabelText('Назва замовлення')).toHaveValue(
      'Розрахунок для: 22.11.2026!',
    );
    expect(rows()).toHaveLength(1);
    expect(closeTab()).toBe(true);
  });

  it('keeps a typed name alone in the tab too', async () => {
    serve();
    const first = render();
    const user = userEvent.setup();
    await nameOrder(user, 'Лише назва');
    first.unmount();

    render();
    expect(screen.getByLabelText('Назва замовлення')).toHaveValue('Лише назва');
  });

  it('puts every row’s 422 message on its row, without a toast, and reloads the source lists', async () => {
    const fetchSpy = serve({
      [`POST /api/company/${testUser.companyIdentifier}/orders/add`]: () =>
        jsonResponse(422, {
          message: 'Калькуляцію не знайдено.',
          errors: {
            'calculations.0.templateId': ['Шаблон не знайдено.'],
            'calculations.1.categoryId': ['Такої категорії немає.'],
            'calculations.2.sourceId': ['Калькуляцію не знайдено.'],
          },
        }),
    });
    const { router } = render();
    const user = userEvent.setup();

    await checkTemplate(user, 'Медичні огляди', 'Огляд водіїв');
    await user.click(screen.getByRole('checkbox', { name: 'Огляд для зброї' }));
    await user.click(screen.getByRole('tab', { name: 'Власні розрахунки' }));
    await openCategory(user, 'Лабораторні дослідження');
    await user.click(ownBox('Наш аналіз сечі'));
    const listCalls = (path: string) =>
      fetchedPaths(fetchSpy).filter((call) => call === `GET ${path}`).length;
    const ownPath = `/api/company/${testUser.companyIdentifier}/calculations`;
    expect(listCalls(ownPath)).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Підтвердити замовлення' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ви підтверджуєте замовлення?' });
    await user.click(within(dialog).getByRole('button', { name: 'Так, підтверджую' }));

    // The modal closes so the rows can be read; each row shows its own message.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Замовлення не створено: виправте позначені помилки.',
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const [first, second, third] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Шаблон не знайдено.')).toBeInTheDocument();
    expect(within(first).getByLabelText('Назва послуги')).toHaveAccessibleDescription(
      'Шаблон не знайдено.',
    );
    expect(within(second).getByText('Такої категорії немає.')).toBeInTheDocument();
    expect(within(third).getByText('Калькуляцію не знайдено.')).toBeInTheDocument();
    // No toast repeats one of them: each message is on the page once.
    expect(screen.getAllByText('Калькуляцію не знайдено.')).toHaveLength(1);
    // A chosen source is gone, so both tabs ask again instead of offering it.
    await waitFor(() => expect(listCalls(ownPath)).toBe(2));
    expect(listCalls('/api/get-templates-list')).toBe(2);
    expect(router.state.location.pathname).toBe('/orders/create_order');

    // Fixing the category clears its message; the rows whose source is gone keep theirs.
    await chooseOption(user, within(second).getByLabelText('Категорія'), 'Лабораторні дослідження');
    expect(within(second).queryByText('Такої категорії немає.')).not.toBeInTheDocument();
    expect(within(first).getByText('Шаблон не знайдено.')).toBeInTheDocument();
  });

  it('lists a 422 message that belongs to no row beside the confirm button', async () => {
    serve({
      [`POST /api/company/${testUser.companyIdentifier}/orders/add`]: () =>
        jsonResponse(422, { message: 'Дані містять недопустимі значення.', errors: {} }),
    });
    render();
    const user = userEvent.setup();

    await addBlankRow(user, 'Масаж', 'Медичні огляди');
    await user.click(screen.getByRole('button', { name: 'Підтвердити замовлення' }));
    await user.click(await screen.findByRole('button', { name: 'Так, підтверджую' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Замовлення не створено');
    expect(alert).toHaveTextContent('Дані містять недопустимі значення.');
    expect(screen.getAllByText('Дані містять недопустимі значення.')).toHaveLength(1);
  });

  it('keeps the modal open when the server fails for another reason, so “yes” can try again', async () => {
    let attempts = 0;
    serve({
      [`POST /api/company/${testUser.companyIdentifier}/orders/add`]: () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(500, { message: 'Внутрішня помилка сервера. Спробуйте пізніше.' })
          : jsonResponse(200, { message: 'Замовлення створено.', identifier: 'ord-1' });
      },
    });
    const { router } = render();
    const user = userEvent.setup();

    await checkTemplate(user, 'Медичні огляди', 'Огляд водіїв');
    await user.click(screen.getByRole('button', { name: 'Підтвердити замовлення' }));
    await user.click(await screen.findByRole('button', { name: 'Так, підтверджую' }));

    expect(
      await screen.findByText('Внутрішня помилка сервера. Спробуйте пізніше.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Замовлення не створено/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders/create_order');

    const dialog = screen.getByRole('dialog', { name: 'Ви підтверджуєте замовлення?' });
    // The modal stays open; once the failed call settles its button is ready for another try.
    await user.click(await within(dialog).findByRole('button', { name: 'Так, підтверджую' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(attempts).toBe(2);
  });

  it('says an order name over 255 characters is too long as it is typed, instead of cutting it (issue 13)', async () => {
    serve();
    render();
    const name = screen.getByLabelText('Назва замовлення');

    fireEvent.change(name, { target: { value: 'Я'.repeat(256) } });

    expect(name).toHaveValue('Я'.repeat(256));
    // antd's counter beside the field (issue 33), from the domain's MAX_NAME_LENGTH.
    expect(name.closest('.ant-input-affix-wrapper')).toHaveTextContent('256 / 255');
    expect(name).toHaveAccessibleDescription('Поле «Назва замовлення» задовге (до 255 символів).');
    fireEvent.change(name, { target: { value: 'Я'.repeat(255) } });
    expect(name).not.toHaveAccessibleDescription();
  });
});
