import {
  VIEWER_READ_ONLY_MESSAGE,
  WORKED_EXAMPLE_COMPANY_INFO,
  type CompanyInfo,
  type CurrentUser,
  type OrderDetail,
  type OrderStatus,
  type Pill,
} from '@medcalc/domain';
import { useReducer } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  fakeApi,
  fetchedPaths,
  jsonResponse,
  requestsTo,
  screen,
  setupAtRoot,
  testUser,
  testViewer,
  waitFor,
  within,
  type FetchCall,
  type UserEvent,
} from '@/testing/test-utils';
import { retype } from '@/testing/submit-form';

import { orderDraftFromDetail, orderDraftReducer } from '../stores/order-draft';

import { StepInstitution } from './step-institution';
import { StepPriceList } from './step-price-list';

/*
 * Issue 33: steps 1 and 4 say they edit the order's copy, and offer to save what differs to the institution's own
 * data through the /company and /pills pages' calls, after a confirmation.
 */

const COMPANY = testUser.companyIdentifier;
const INSTITUTION: CompanyInfo = {
  ...WORKED_EXAMPLE_COMPANY_INFO,
  name: 'КНП «Міська лікарня №1»',
  address: 'м. Тернопіль, вул. Стара, 1',
};

const pill = (id: number, name: string, price: number, own: boolean): Pill => ({
  id,
  name,
  measurementType: 'шт',
  price,
  companyIdentifier: own ? COMPANY : null,
  created_at: '2026-01-10T10:00:00Z',
  updated_at: '2026-01-10T10:00:00Z',
});
/** A provider's material and the institution's own, as `pills/all-list` answers. */
const CATALOGUE: Pill[] = [
  pill(101, 'Пелюшка одноразова', 9, false),
  pill(201, 'Серветки власні', 12, true),
];

const order = (status: OrderStatus, companyInfo: CompanyInfo = INSTITUTION): OrderDetail => ({
  identifier: 'ord-1',
  number: 'З-2026-0007',
  name: 'Прайс 2026',
  status,
  companyInfo,
  calculations: {
    УЗД: [
      {
        id: 11,
        identifier: 'calc-11',
        code: '00001',
        categoryId: 3,
        name: 'УЗД',
        calculation: {
          bonus: 0,
          profit: 10,
          stuff: [],
          pills: [
            { id: 101, name: 'Пелюшка одноразова', price: 9, spend: 1, measurement_type: 'шт' },
            { id: 201, name: 'Серветки власні', price: 12, spend: 2, measurement_type: 'шт' },
          ],
        },
      },
    ],
  },
  priceRounding: 'none',
  revision: 1,
  version: 3,
});

/** The step with the wizard's one draft model under it, so an edit changes what the notice compares. */
function Step({ detail, step }: { detail: OrderDetail; step: 1 | 4 }) {
  const [draft, dispatch] = useReducer(orderDraftReducer, detail, orderDraftFromDetail);
  return step === 1 ? (
    <StepInstitution
      draft={draft}
      dispatch={dispatch}
      companyIdentifier={COMPANY}
      fieldErrors={{}}
    />
  ) : (
    <StepPriceList
      draft={draft}
      dispatch={dispatch}
      readOnly={false}
      companyIdentifier={COMPANY}
      fieldErrors={{}}
    />
  );
}

function serve(overrides: (call: FetchCall) => Response | undefined = () => undefined) {
  let stored: CompanyInfo = INSTITUTION;
  return fakeApi((call) => {
    switch (`${call.method} ${call.path}`) {
      case `GET /api/company-info/${COMPANY}`:
        return jsonResponse(200, stored);
      case `PUT /api/company-info/${COMPANY}`:
        stored = { ...stored, ...(call.body as Partial<CompanyInfo>) };
        return jsonResponse(200, { message: 'Дані закладу збережено.', data: stored });
      case `GET /api/company/${COMPANY}/pills/all-list`:
        return jsonResponse(200, CATALOGUE);
      case `PUT /api/company/${COMPANY}/pills/201`:
        return jsonResponse(200, { message: 'Матеріал збережено.', data: CATALOGUE[1] });
      case 'GET /api/get-measurements':
        return jsonResponse(200, [{ value: 1, label: 'шт' }]);
      case `GET /api/company/${COMPANY}/measurements/list`:
        return jsonResponse(200, []);
    }
    return undefined;
  }, overrides);
}

const render = (detail: OrderDetail, step: 1 | 4, as?: CurrentUser) =>
  setupAtRoot(<Step detail={detail} step={step} />, { as });

const STEP_1_ACTION = 'Зберегти також у даних закладу';
const STEP_4_ACTION = 'Зберегти також у матеріалах закладу';
/**
 * The step's action button and its question, found by their text: role queries over step 1's some 60 fields take
 * seconds each in jsdom.
 */
const actionButton = (name: string) => screen.queryByText(name)?.closest('button') ?? null;
const findQuestion = async (title: string) =>
  (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]') as HTMLElement;
const puts = (spy: ReturnType<typeof serve>) =>
  fetchedPaths(spy).filter((call) => call.startsWith('PUT '));

/** Renders step `step` of a paid order, expects its copy notice `notice` and waits until `path` has been read once. */
async function renderPaidCopy(step: 1 | 4, notice: string, path: string) {
  const spy = serve();
  const { user } = render(order('payed'), step);
  expect(await screen.findByText(notice)).toBeInTheDocument();
  await waitFor(() => expect(requestsTo(spy, 'GET', path)).toHaveLength(1));
  return { spy, user };
}

/** Replaces what `field` holds with `text` by pasting: typing letter by letter re-renders step 1's 60 fields. */
async function pasteOver(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('step 1: the order’s copy of the institution data', () => {
  it('says it is the order’s copy, and offers saving only once a field differs from the institution', async () => {
    const { spy, user } = await renderPaidCopy(
      1,
      'Дані закладу в цьому замовленні — його власна копія',
      `/api/company-info/${COMPANY}`,
    );
    expect(screen.getByText(/діють лише в цьому замовленні/)).toBeInTheDocument();
    expect(actionButton(STEP_1_ACTION)).toBeNull();

    await pasteOver(user, screen.getByLabelText('Адреса'), 'м. Тернопіль, вул. Нова, 2');
    expect(screen.getByText('Відрізняється від даних закладу: 1.')).toBeInTheDocument();

    // «Скасувати» sends nothing.
    await user.click(actionButton(STEP_1_ACTION) as HTMLElement);
    const question = await findQuestion('Зберегти зміни також у даних закладу?');
    expect(within(question).getByRole('list', { name: 'Що зміниться' })).toHaveTextContent(
      'Адреса: м. Тернопіль, вул. Стара, 1 → м. Тернопіль, вул. Нова, 2',
    );
    await user.click(within(question).getByRole('button', { name: 'Скасувати' }));
    expect(puts(spy)).toEqual([]);

    await user.click(actionButton(STEP_1_ACTION) as HTMLElement);
    const again = await findQuestion('Зберегти зміни також у даних закладу?');
    await user.click(within(again).getByRole('button', { name: 'Так, зберегти' }));

    expect(
      await screen.findByText('Дані закладу оновлено (змінених значень: 1).'),
    ).toBeInTheDocument();
    // Only the changed field is sent: the call's body may be any subset of the data (spec §7).
    const [put] = requestsTo(spy, 'PUT', `/api/company-info/${COMPANY}`);
    expect(put?.body).toEqual({ address: 'м. Тернопіль, вул. Нова, 2' });
    // The answer is the institution data as stored: the copy no longer differs, and the action goes.
    await waitFor(() => expect(actionButton(STEP_1_ACTION)).toBeNull());
    expect(screen.queryByText('Дані закладу збережено.')).not.toBeInTheDocument();
    // Step 1's some 60 fields render again on each edit: 12–32 s in jsdom on a busy machine.
  }, 60_000);

  it('keeps the question open with the server’s words when the save is refused', async () => {
    const spy = serve((call) =>
      call.method === 'PUT'
        ? jsonResponse(422, {
            message: 'Невірний код ЄДРПОУ.',
            errors: { code: ['Невірний код ЄДРПОУ.'] },
          })
        : undefined,
    );
    const { user } = render(order('saved', { ...INSTITUTION, code: '12345670' }), 1);

    await waitFor(() => expect(actionButton(STEP_1_ACTION)).not.toBeNull());
    await user.click(actionButton(STEP_1_ACTION) as HTMLElement);
    const question = await findQuestion('Зберегти зміни також у даних закладу?');
    await user.click(within(question).getByRole('button', { name: 'Так, зберегти' }));

    expect(await screen.findByText('Невірний код ЄДРПОУ.')).toBeInTheDocument();
    expect(puts(spy)).toEqual([`PUT /api/company-info/${COMPANY}`]);
    expect(question).toBeVisible();
    expect(screen.queryByText(/Дані закладу оновлено/)).not.toBeInTheDocument();
  });

  it('disables the action for a «Перегляд» member, and says why', async () => {
    serve();
    render(
      order('payed', { ...INSTITUTION, address: 'м. Тернопіль, вул. Інша, 3' }),
      1,
      testViewer,
    );

    const action = await waitFor(() => actionButton(STEP_1_ACTION) ?? expect.fail('no action'));
    expect(action).toBeDisabled();
    expect(action).toHaveAccessibleDescription(VIEWER_READ_ONLY_MESSAGE);
  });

  it('disables the action while a field has an error', async () => {
    serve();
    const { user } = render(order('payed'), 1);
    await pasteOver(user, await screen.findByLabelText('Код ЄДРПОУ'), '123');

    const action = await waitFor(() => actionButton(STEP_1_ACTION) ?? expect.fail('no action'));
    expect(action).toBeDisabled();
    expect(action).toHaveAccessibleDescription(
      'Спершу виправте позначені поля: значення з помилками не можна зберегти в даних закладу.',
    );
  });

  it('offers nothing for an order on approval: its copy is what it was calculated with', async () => {
    const spy = serve();
    const { queryClient } = render(
      order('sent', { ...INSTITUTION, address: 'м. Тернопіль, вул. Інша, 3' }),
      1,
    );

    expect(await screen.findByText(/з якою розраховано замовлення/)).toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo(spy, 'GET', `/api/company-info/${COMPANY}`)).toHaveLength(1),
    );
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(actionButton(STEP_1_ACTION)).toBeNull();
  });
});

describe('step 4: the order’s copy of the material prices', () => {
  it('saves a changed own material through the materials page’s call, and names a provider’s it cannot', async () => {
    const { spy, user } = await renderPaidCopy(
      4,
      'Ціни та одиниці тут — копія лише для цього замовлення',
      `/api/company/${COMPANY}/pills/all-list`,
    );
    expect(screen.queryByRole('button', { name: STEP_4_ACTION })).not.toBeInTheDocument();

    const ownPrice = screen.getByLabelText('Ціна за одиницю, грн: Серветки власні');
    await retype(user, ownPrice, '14,5');
    const providerPrice = screen.getByLabelText('Ціна за одиницю, грн: Пелюшка одноразова');
    await retype(user, providerPrice, '10');

    expect(screen.getByText('Відрізняється від матеріалів закладу: 1.')).toBeInTheDocument();
    expect(
      screen.getByText(/«Пелюшка одноразова» — матеріал із довідника постачальника/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: STEP_4_ACTION }));
    const question = await screen.findByRole('dialog', {
      name: 'Зберегти ціни також у матеріалах закладу?',
    });
    expect(within(question).getByRole('list', { name: 'Що зміниться' })).toHaveTextContent(
      'Серветки власні: 12,00 грн за шт → 14,50 грн за шт',
    );
    await user.click(within(question).getByRole('button', { name: 'Так, зберегти' }));

    expect(
      await screen.findByText('Матеріали закладу оновлено (змінених матеріалів: 1).'),
    ).toBeInTheDocument();
    expect(puts(spy)).toEqual([`PUT /api/company/${COMPANY}/pills/201`]);
    const [put] = requestsTo(spy, 'PUT', `/api/company/${COMPANY}/pills/201`);
    expect(put?.body).toEqual({ name: 'Серветки власні', measurementType: 'шт', price: 14.5 });
    // The materials' queries are refreshed: step 3's choices and this comparison read the list again.
    await waitFor(() =>
      expect(requestsTo(spy, 'GET', `/api/company/${COMPANY}/pills/all-list`)).toHaveLength(2),
    );
  });

  it('disables the action for a «Перегляд» member, and says why', async () => {
    serve();
    const detail = order('payed');
    const pills = detail.calculations['УЗД']?.[0]?.calculation.pills ?? [];
    pills[1] = { ...pills[1], price: 15 } as (typeof pills)[number];
    render(detail, 4, testViewer);

    const action = await screen.findByRole('button', { name: STEP_4_ACTION });
    expect(action).toBeDisabled();
    expect(action).toHaveAccessibleDescription(VIEWER_READ_ONLY_MESSAGE);
  });
});
