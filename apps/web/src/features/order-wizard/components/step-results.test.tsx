import {
  DEFAULT_APPROVAL_SETTINGS,
  WORKED_EXAMPLE_CONTENT,
  WORKED_EXAMPLE_COST,
  capExceededMessage,
  computeServicePrice,
  emptyCompanyInfo,
  type CompanyInfo,
  formatServiceCode,
  type PriceRounding,
  profitabilityResultSchema,
  type ProfitabilityResult,
  type ProfitabilityService,
  type WizardCalculations,
  type BenchmarkStatistics,
  type OrderBenchmark,
} from '@medcalc/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { useReducer, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useFakeTimersWithTestingLibrary } from '@/testing/fake-timers';
import {
  act,
  createTestQueryClient,
  fakeApi,
  jsonResponse,
  requestsTo,
  screen,
  setupAtRoot,
  testUser,
  waitFor,
  within,
  type CallOverrides,
  type FetchCall,
  type UserEvent,
} from '@/testing/test-utils';
import { emulateWidth } from '@/testing/viewport';

import { CALCULATE_ONLINE_DEBOUNCE_MS, useCalculateOnline } from '../api/calculate-online';
import { orderDraftReducer, type OrderDraft, type OrderDraftAction } from '../stores/order-draft';
import { chooseOption } from '@/testing/choose-option';
import { retype } from '@/testing/submit-form';

import { StepResults } from './step-results';

const PATH = '/api/calculations/calculate-online';
const CATEGORY = 'Ультразвукова діагностика';
const SERVICE = 'УЗД органів черевної порожнини';

/** What an edit of the worked example's bonus or profitability dispatches. */
const percentEdit = (key: 'bonus' | 'profit', value: number | null): OrderDraftAction => ({
  type: 'setCalculationKey',
  category: CATEGORY,
  id: 12,
  key,
  value,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The worked example of docs/methodology.md (the domain's constants), a fresh copy each time so a test can vary it. */
const workedExample = (): WizardCalculations => ({
  [CATEGORY]: [{ id: 12, name: SERVICE, calculation: { ...WORKED_EXAMPLE_CONTENT } }],
});

const orderDraft = (calculations = workedExample()): OrderDraft => ({
  identifier: 'ord-0001',
  number: 'З-2026-0001',
  name: 'Розрахунок для: 22.11.2026',
  status: 'saved',
  companyInfo: emptyCompanyInfo(),
  calculations,
  priceRounding: 'none',
  revision: 1,
  version: 1,
});

/**
 * The калькуляція of the worked example as the server computes it; the tariff depends on profitability, and its
 * price rows (issue 18) on the service's VAT and the order's rounding.
 */
const costing = (
  profit: number,
  vat?: WizardCalculations[string][number]['calculation']['vat'],
  rounding?: PriceRounding,
): ProfitabilityService['costing'] => {
  const summaryWithProfit = profit === 20 ? '292.01' : '279.84';
  return {
    ...WORKED_EXAMPLE_COST,
    profit: profit === 20 ? '48.67' : '36.50',
    summaryWithProfit,
    price: computeServicePrice(summaryWithProfit, vat, rounding),
  };
};

/** Answers calculate-online for the calculations it was sent, in the shape of `profitabilityResultSchema`. */
function answerFor(call: FetchCall): Response {
  const { calculations, priceRounding } = call.body as {
    calculations: WizardCalculations;
    priceRounding?: PriceRounding;
  };
  const answer: ProfitabilityResult = Object.entries(calculations).map(([category, items]) => ({
    category,
    calculations: items.map((item) => {
      const rows = costing(item.calculation.profit, item.calculation.vat, priceRounding);
      return {
        companyId: formatServiceCode(item.id),
        id: item.id,
        name: item.name,
        summary: rows.summary,
        summaryWithProfit: rows.summaryWithProfit,
        costing: rows,
      };
    }),
  }));
  return jsonResponse(200, profitabilityResultSchema.parse(answer));
}

function fakeServer(overrides?: CallOverrides) {
  return fakeApi(
    (call) => (call.method === 'POST' && call.path === PATH ? answerFor(call) : undefined),
    overrides,
  );
}

/** What a test sets of step 5's draft and props; the rest is the worked example's saved draft. */
interface StepOptions {
  readOnly?: boolean;
  companyInfo?: CompanyInfo;
  status?: OrderDraft['status'];
  priceRounding?: PriceRounding;
}

/** Step 5 inside the wizard's draft reducer; every action is also reported to `onAction`. */
function Harness({
  onAction,
  readOnly = false,
  companyInfo = emptyCompanyInfo(),
  status = 'saved',
  priceRounding = 'none',
}: StepOptions & { onAction: (action: OrderDraftAction) => void }) {
  const [draft, dispatch] = useReducer(orderDraftReducer, undefined, () => ({
    ...orderDraft(),
    companyInfo,
    status,
    priceRounding,
  }));
  const report = (action: OrderDraftAction) => {
    onAction(action);
    dispatch(action);
  };
  return <StepResults draft={draft} dispatch={report} readOnly={readOnly} />;
}

/**
 * Step 5 signed in as the owner on {@link fakeServer} with the test's `overrides`, and a user-event session
 * (`advanceTimers` under fake timers).
 */
function setup({
  overrides,
  advanceTimers,
  ...options
}: StepOptions & { overrides?: CallOverrides; advanceTimers?: (ms: number) => unknown } = {}) {
  const spy = fakeServer(overrides);
  const onAction = vi.fn<(action: OrderDraftAction) => void>();
  return {
    spy,
    onAction,
    ...setupAtRoot(<Harness onAction={onAction} {...options} />, { advanceTimers }),
  };
}

const serviceRow = async () =>
  (await screen.findByText(SERVICE, { selector: 'td' })).closest('tr') as HTMLElement;

const spinners = () => screen.queryAllByRole('status', { name: 'Розрахунок…' });

/** The text of `row`'s cell in the column headed `header` of its table. */
const cellUnder = (row: HTMLElement, header: string) => {
  const table = row.closest('table') as HTMLElement;
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column «${header}» among ${JSON.stringify(headers)}`);
  return within(row).getAllByRole('cell')[index]?.textContent;
};

/** The amount cell of the row `article` of a калькуляція. */
const amountIn = (breakdown: HTMLElement, article: string) =>
  within(within(breakdown).getByText(article).closest('tr') as HTMLElement).getAllByRole('cell')[1]
    ?.textContent;

/** Opens the калькуляція of the service in `row` (the table's expand button). */
async function openBreakdown(user: UserEvent, row: HTMLElement) {
  await user.click(within(row).getByRole('button', { name: `Калькуляція «${SERVICE}»` }));
  return screen.findByRole('region', { name: `Калькуляція послуги «${SERVICE}»` });
}

describe('StepResults', () => {
  it('shows the code, cost and tariff of the preview in uk-UA', async () => {
    const { spy } = setup();

    const row = await serviceRow();
    await waitFor(() => expect(within(row).getByText('243,34')).toBeInTheDocument());
    // Exempt and not rounded: the tariff без ПДВ and the final tariff, each in its column, are the same amount.
    expect(cellUnder(row, 'Загальні витрати, грн')).toBe('243,34');
    expect(cellUnder(row, 'Вартість (тариф без ПДВ), грн')).toBe('279,84');
    expect(cellUnder(row, 'Тариф, грн')).toBe('279,84');
    expect(within(row).getByText('00012')).toBeInTheDocument();
    expect(within(row).getByLabelText(`Премія, % — ${SERVICE}`)).toHaveValue('20');
    expect(within(row).getByLabelText(`Рентабельність, % — ${SERVICE}`)).toHaveValue('15');
    expect(screen.getByRole('heading', { name: CATEGORY })).toBeInTheDocument();
    // The draft goes as objects, as the wizard holds it.
    expect(requestsTo(spy, 'POST', PATH).map((request) => request.body)).toEqual([
      { companyInfo: emptyCompanyInfo(), calculations: workedExample(), priceRounding: 'none' },
    ]);
  });

  it('shows spinners in the cost cells until the preview is computed', async () => {
    let answer: (response: Response) => void = () => undefined;
    let pending: FetchCall | undefined;
    setup({
      overrides: (call) => {
        if (call.path !== PATH) return undefined;
        pending = call;
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });

    const row = await serviceRow();
    await waitFor(() => expect(pending).toBeDefined());
    expect(within(row).getAllByRole('status', { name: 'Розрахунок…' })).toHaveLength(3);
    expect(within(row).queryByText('243,34')).not.toBeInTheDocument();

    await act(async () => answer(answerFor(pending as FetchCall)));
    await waitFor(() => expect(within(row).getByText('243,34')).toBeInTheDocument());
    expect(spinners()).toHaveLength(0);
  });

  it('dispatches an edited profitability and recomputes once, after the pause', async () => {
    useFakeTimersWithTestingLibrary();
    const { spy, user, onAction } = setup({ advanceTimers: vi.advanceTimersByTime });
    const row = await serviceRow();
    await waitFor(() => expect(within(row).getAllByText('279,84')).toHaveLength(2));

    const input = within(row).getByLabelText(`Рентабельність, % — ${SERVICE}`);
    await retype(user, input, '20');

    expect(onAction).toHaveBeenLastCalledWith(percentEdit('profit', 20));
    // The old tariff no longer matches the draft: the cells spin until the new answer is back.
    expect(within(row).queryByText('279,84')).not.toBeInTheDocument();
    expect(within(row).getAllByRole('status', { name: 'Розрахунок…' })).toHaveLength(3);

    // Nothing is asked until the pause is over, then once, for the whole edit (emptied, 2, then 20).
    await act(() => vi.advanceTimersByTimeAsync(CALCULATE_ONLINE_DEBOUNCE_MS - 1));
    expect(requestsTo(spy, 'POST', PATH)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(within(row).getAllByText('292,01')).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(5000));

    const requests = requestsTo(spy, 'POST', PATH);
    expect(requests).toHaveLength(2);
    const sent = requests[1]?.body as { calculations: WizardCalculations };
    expect(sent.calculations[CATEGORY]?.[0]?.calculation).toMatchObject({ profit: 20, bonus: 20 });
    expect(spinners()).toHaveLength(0);
  });

  it('dispatches an edited bonus and shows the domain’s message for a negative or emptied one', async () => {
    const { user, onAction } = setup();
    const row = await serviceRow();

    const input = within(row).getByLabelText(`Премія, % — ${SERVICE}`);
    await user.clear(input);
    expect(onAction).toHaveBeenLastCalledWith(percentEdit('bonus', null));
    expect(within(row).getByText('Поле «Премія, %» має бути числом.')).toBeInTheDocument();

    await user.type(input, '-5');
    expect(onAction).toHaveBeenLastCalledWith(percentEdit('bonus', -5));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(row).getByText('Поле «Премія, %» не може бути від’ємним.')).toBeInTheDocument();
  });

  it('marks a profitability above the founder’s cap at its field as it is typed, and not one at the cap', async () => {
    const settings = {
      ...DEFAULT_APPROVAL_SETTINGS,
      profitabilityCap: 14,
      capDecisionNumber: '7',
      capDecisionDate: '2025-01-15',
    };
    const { user } = setup({
      overrides: (call) =>
        call.method === 'GET' &&
        call.path === `/api/company/${testUser.companyIdentifier}/approval-settings`
          ? jsonResponse(200, settings)
          : undefined,
    });
    const row = await serviceRow();
    const input = within(row).getByLabelText(`Рентабельність, % — ${SERVICE}`);
    const above = capExceededMessage(15, settings);
    expect(above).toContain('14 %');
    // The worked example's 15 % is marked once the settings are read.
    expect(await within(row).findByText(above)).toBeInTheDocument();

    await retype(user, input, '14');
    expect(input).toHaveValue('14');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(row).queryByText(/перевищує граничний норматив/)).not.toBeInTheDocument();

    await retype(user, input, '15');
    expect(await within(row).findByText(above)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('expands a service to every row of its калькуляція with the coefficients', async () => {
    const { user } = setup();
    const row = await serviceRow();
    await waitFor(() => expect(within(row).getByText('243,34')).toBeInTheDocument());

    await user.click(within(row).getByRole('button', { name: `Калькуляція «${SERVICE}»` }));
    const breakdown = await screen.findByRole('region', {
      name: `Калькуляція послуги «${SERVICE}»`,
    });
    const amountOf = (article: string) => {
      const cells = within(
        within(breakdown).getByText(article).closest('tr') as HTMLElement,
      ).getAllByRole('cell');
      return cells[1]?.textContent;
    };
    const rowOf = (article: string) =>
      within(breakdown).getByText(article).closest('tr') as HTMLElement;

    expect(amountOf('Основна заробітна плата (L)')).toBe('131,72');
    expect(amountOf('Лікар з ультразвукової діагностики')).toBe('81,63');
    expect(amountOf('Сестра медична')).toBe('50,09');
    expect(amountOf('Додаткова заробітна плата (A)')).toBe('10,54');
    expect(rowOf('Додаткова заробітна плата (A)')).toHaveTextContent('L × коефіцієнт відпусток');
    expect(rowOf('Додаткова заробітна плата (A)')).toHaveTextContent('коефіцієнт відпусток 8 %');
    // No code name of the methodology on screen (issue 23), as on paper.
    expect(document.body.textContent).not.toMatch(/k_відп|k_leave|share_med/);
    expect(amountOf('Єдиний соціальний внесок (E)')).toBe('31,30');
    expect(rowOf('Єдиний соціальний внесок (E)')).toHaveTextContent('ставка ЄСВ 22 %');
    expect(amountOf('Матеріали (M)')).toBe('25,40');
    expect(amountOf('Гель')).toBe('6,80');
    expect(amountOf('Накладні витрати (OH)')).toBe('44,38');
    expect(rowOf('Накладні витрати (OH)')).toHaveTextContent('K = 33,6897 % (розрахунковий');
    expect(amountOf('Собівартість (C)')).toBe('243,34');
    expect(amountOf('Прибуток (P)')).toBe('36,50');
    expect(rowOf('Прибуток (P)')).toHaveTextContent('R = 15 %');
    expect(amountOf('Тариф без ПДВ')).toBe('279,84');
    // Exempt and not rounded: «Тариф без ПДВ» is the tariff, and no VAT or rounding rows are shown.
    expect(within(breakdown).queryByText('Тариф з ПДВ')).not.toBeInTheDocument();
    expect(within(breakdown).queryByText('Округлення')).not.toBeInTheDocument();
  });

  it('sends the order’s rounding and the service’s VAT, and shows the final tariff with its rows', async () => {
    const { spy, user, onAction } = setup();
    const row = await serviceRow();
    await waitFor(() => expect(within(row).getAllByText('279,84')).toHaveLength(2));
    expect(screen.getByRole('columnheader', { name: 'Тариф, грн' })).toBeInTheDocument();
    expect(within(row).getByText('Звільнено')).toBeInTheDocument();

    // The rounding is above the tables, with the domain's three choices.
    const rounding = screen.getByLabelText('Округлення тарифу');
    await chooseOption(user, rounding, 'До 1,00 грн');
    expect(onAction).toHaveBeenLastCalledWith({ type: 'setPriceRounding', priceRounding: '1.00' });
    await waitFor(() => expect(within(row).getByText('280,00')).toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(requestsTo(spy, 'POST', PATH).at(-1)?.body).toMatchObject({ priceRounding: '1.00' });

    await chooseOption(user, within(row).getByLabelText(`ПДВ — ${SERVICE}`), 'ПДВ 20 %');
    expect(onAction).toHaveBeenLastCalledWith({
      type: 'setServiceVat',
      category: CATEGORY,
      id: 12,
      vat: 'vat20',
    });
    // 279,84 + 20 % (55,97) = 335,81, rounded to whole hryvnias: 336,00.
    await waitFor(() => expect(within(row).getByText('336,00')).toBeInTheDocument(), {
      timeout: 3000,
    });
    // The tariff без ПДВ keeps its own column, so a desktop user sees it without expanding the service.
    expect(cellUnder(row, 'Вартість (тариф без ПДВ), грн')).toBe('279,84');
    expect(cellUnder(row, 'Тариф, грн')).toBe('336,00');
    const sent = requestsTo(spy, 'POST', PATH).at(-1)?.body as {
      calculations: WizardCalculations;
      priceRounding: PriceRounding;
    };
    expect(sent.priceRounding).toBe('1.00');
    expect(sent.calculations[CATEGORY]?.[0]?.calculation.vat).toBe('vat20');
    expect(spinners()).toHaveLength(0);

    const breakdown = await openBreakdown(user, row);
    expect(amountIn(breakdown, 'Тариф без ПДВ')).toBe('279,84');
    expect(amountIn(breakdown, 'ПДВ 20 %')).toBe('55,97');
    expect(amountIn(breakdown, 'Тариф з ПДВ')).toBe('335,81');
    expect(amountIn(breakdown, 'Округлення')).toBe('0,19');
    expect(amountIn(breakdown, 'Тариф')).toBe('336,00');
  });

  it('starts from the order’s rounding: an exempt service rounded to 0,50 shows its rows', async () => {
    const { spy, user } = setup({ priceRounding: '0.50' });
    const row = await serviceRow();

    await waitFor(() => expect(within(row).getByText('280,00')).toBeInTheDocument());
    expect(screen.getByLabelText('Округлення тарифу').closest('.ant-select')).toHaveTextContent(
      'До 0,50 грн',
    );
    expect(requestsTo(spy, 'POST', PATH)[0]?.body).toMatchObject({ priceRounding: '0.50' });

    const breakdown = await openBreakdown(user, row);
    const vatRow = within(breakdown).getByText('ПДВ').closest('tr') as HTMLElement;
    expect(vatRow).toHaveTextContent('Звільнено від ПДВ (п. 197.1.5 ПКУ)');
    expect(amountIn(breakdown, 'ПДВ')).toBe('0,00');
    expect(amountIn(breakdown, 'Тариф з ПДВ')).toBe('279,84');
    expect(amountIn(breakdown, 'Округлення')).toBe('0,16');
    expect(amountIn(breakdown, 'Тариф')).toBe('280,00');
  });

  it('offers the калькуляція PDF in the expanded калькуляція once the order is calculated', async () => {
    const pdfButton = `Калькуляція (PDF) «${SERVICE}»`;
    for (const [status, offered] of [
      ['saved', false],
      ['formed', true],
    ] as const) {
      const { user, unmount } = setup({ status });
      const row = await serviceRow();
      await user.click(within(row).getByRole('button', { name: `Калькуляція «${SERVICE}»` }));
      await screen.findByRole('region', { name: `Калькуляція послуги «${SERVICE}»` });
      expect(screen.queryByRole('button', { name: pdfButton }) !== null, status).toBe(offered);
      unmount();
    }
  });

  it('draws the cost structure chart of the category once its code has loaded', async () => {
    setup();

    expect(
      await screen.findByRole(
        'figure',
        { name: `Структура вартості послуг: ${CATEGORY}` },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it('shows a failed preview with the server’s reasons and tries again', async () => {
    let failures = 1;
    const { spy, user } = setup({
      overrides: (call) => {
        if (call.path !== PATH || failures === 0) return undefined;
        failures -= 1;
        return jsonResponse(422, {
          message: 'Дані містять помилки. Перевірте виділені поля.',
          errors: {
            [`calculations.${CATEGORY}.0.calculation.stuff.1.timeSpend`]: [
              'Поле «Час виконання, хв» не може бути від’ємним.',
            ],
            'companyInfo.total_number_of_beds': ['Кількість ліжок має бути цілим числом.'],
          },
        });
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не вдалося розрахувати вартість послуг');
    expect(alert).toHaveTextContent(
      `«${SERVICE}»: Поле «Час виконання, хв» не може бути від’ємним.`,
    );
    // A field outside every service is said without a service's name.
    expect(within(alert).getByText('Кількість ліжок має бути цілим числом.').tagName).toBe('LI');
    await user.click(within(alert).getByRole('button', { name: 'Спробувати ще раз' }));

    const row = await serviceRow();
    await waitFor(() => expect(within(row).getByText('243,34')).toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requestsTo(spy, 'POST', PATH)).toHaveLength(2);
  });

  it('words a failure the server gave no message for', async () => {
    setup({ overrides: (call) => (call.path === PATH ? jsonResponse(500) : undefined) });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Сервер не зміг розрахувати вартість. Спробуйте ще раз трохи згодом.',
    );
    expect(alert).not.toHaveTextContent('HTTP 500');
  });

  it('shows the institution’s bed-day figures under the tables, and says when there are no beds', async () => {
    setup({
      companyInfo: {
        ...emptyCompanyInfo(),
        supply_staff_salary_fund: 3_000_000,
        food_service_staff_salary_fund: 600_000,
        general_staff_salary_fund: 2_400_000,
        operational_expenses: 3_600_000,
        general_depreciation: 1_500_000,
        other_general_expenses: 500_000,
        administrative_staff_salary_fund: 1_800_000,
        other_administrative_expenses: 700_000,
        advertising_material_creation_and_placement_budget: 300_000,
        medical_service_rooms_area: 2400,
        patient_bedwards_area: 3000,
        kitchen_and_canteen_area: 400,
        unified_social_security_contribution_rate: 22,
        total_number_of_beds: 120,
      },
    });

    // docs/methodology.md "Inpatient side" with the worked example's institution: Pool 11 724 000, S 5 800 m².
    const figures = await screen.findByLabelText('Вартість ліжко-дня');
    const valueOf = (label: string) =>
      within(figures).getByText(label).closest('tr')?.querySelector('td')?.textContent;
    expect(valueOf('Ліжко-днів на рік (ліжка × 365)')).toBe('43\u00a0800');
    expect(valueOf('Перебування, за ліжко-день')).toBe('222,01 грн');
    expect(valueOf('Харчування, за ліжко-день')).toBe('35,17 грн');
    expect(valueOf('Перебування, на рік')).toBe('9\u00a0724\u00a0137,93 грн');
    expect(valueOf('Харчування, на рік')).toBe('1\u00a0540\u00a0551,72 грн');
  });

  it('says the bed-day figures need the number of beds', async () => {
    setup();

    expect(
      await screen.findByText(
        'Кількість ліжок у даних закладу не вказано, тож вартість ліжко-дня не розраховується.',
      ),
    ).toBeInTheDocument();
  });

  it('shows each service as a card on a phone, with the same inputs and its калькуляція behind a button', async () => {
    // antd's `xs` is the phone: (max-width: 575px).
    emulateWidth(375);
    const { user } = setup();

    const list = await screen.findByRole('list', { name: `Рентабельність: ${CATEGORY}` });
    expect(screen.queryByRole('table', { name: `Рентабельність: ${CATEGORY}` })).toBeNull();
    const card = within(list).getByRole('listitem', { name: `Послуга: ${SERVICE}` });
    // Exempt and not rounded: the tariff без ПДВ and the final tariff are the same amount.
    await waitFor(() => expect(within(card).getAllByText('279,84')).toHaveLength(2));
    expect(within(card).getByText('243,34')).toBeInTheDocument();
    expect(within(card).getByText('00012')).toBeInTheDocument();
    expect(within(card).getByLabelText(`Рентабельність, % — ${SERVICE}`)).toHaveValue('15');
    expect(within(card).getByText('Тариф, грн')).toBeInTheDocument();

    // VAT is chosen on the card too, and the card's tariff follows it.
    await chooseOption(user, within(card).getByLabelText(`ПДВ — ${SERVICE}`), 'ПДВ 20 %');
    await waitFor(() => expect(within(card).getByText('335,81')).toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(within(card).getByText('279,84')).toBeInTheDocument();

    await user.click(
      within(card).getByRole('button', { name: `Показати калькуляцію «${SERVICE}»` }),
    );
    const breakdown = await within(card).findByRole('region', {
      name: `Калькуляція послуги «${SERVICE}»`,
    });
    expect(within(breakdown).getByText('Тариф без ПДВ')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: `Сховати калькуляцію «${SERVICE}»` }),
    ).toHaveAttribute('aria-expanded', 'true');
    // The order is saved, not calculated: no printed калькуляція yet.
    expect(within(card).queryByRole('button', { name: /Калькуляція \(PDF\)/ })).toBeNull();
  });

  // Issue 41: the tariff comparison's line for a service made from a template that has a comparison.
  const BENCHMARK_PATH = `/api/company/${testUser.companyIdentifier}/tariff-comparison/orders/ord-0001`;
  const benchmarkOf = (statistics: BenchmarkStatistics | null): OrderBenchmark => ({
    services: [
      {
        calculationId: 12,
        templateId: 7,
        name: SERVICE,
        ourTariff: '279.84',
        statistics,
        hidden: statistics ? null : 'too-few',
      },
    ],
  });

  it('says where the service’s tariff stands among the other institutions', async () => {
    const { spy } = setup({
      overrides: (call) =>
        call.path === BENCHMARK_PATH
          ? jsonResponse(
              200,
              benchmarkOf({
                n: 12,
                median: 310,
                p25: 270,
                p75: 350,
                ourPosition: 'within',
                ourPercentile: 35,
                articles: [],
              }),
            )
          : undefined,
    });

    const block = await screen.findByLabelText(`Порівняння тарифів: ${CATEGORY}`);
    expect(within(block).getByRole('listitem')).toHaveTextContent(
      `${SERVICE}: Медіана 12 закладів: 310 грн; ваш тариф 279,84 — 35-й процентиль`,
    );
    expect(requestsTo(spy, 'GET', BENCHMARK_PATH)).toHaveLength(1);
  });

  it('says the order’s tariff is compared once calculated, while the order is not', async () => {
    const answer = benchmarkOf({
      n: 12,
      median: 310,
      p25: 280,
      p75: 350,
      ourPosition: null,
      ourPercentile: null,
      articles: [],
    });
    const { spy } = setup({
      overrides: (call) =>
        call.path === BENCHMARK_PATH
          ? jsonResponse(200, {
              services: answer.services.map((service) => ({ ...service, ourTariff: null })),
            })
          : undefined,
    });

    const block = await screen.findByLabelText(`Порівняння тарифів: ${CATEGORY}`);
    expect(within(block).getByRole('listitem')).toHaveTextContent(
      `${SERVICE}: Медіана 12 закладів: 310 грн; ваш тариф буде порівняно після розрахунку`,
    );
    expect(within(block).queryByText(/процентиль/)).toBeNull();
    expect(requestsTo(spy, 'GET', BENCHMARK_PATH)).toHaveLength(1);
  });

  it('shows no line for a company not taking part or a service whose figures are hidden', async () => {
    for (const answer of [{ services: [] }, benchmarkOf(null)]) {
      const { spy, unmount } = setup({
        overrides: (call) => (call.path === BENCHMARK_PATH ? jsonResponse(200, answer) : undefined),
      });
      await serviceRow();
      await waitFor(() => expect(requestsTo(spy, 'GET', BENCHMARK_PATH)).toHaveLength(1));
      await waitFor(() => expect(spinners()).toHaveLength(0));
      expect(screen.queryByLabelText(`Порівняння тарифів: ${CATEGORY}`)).toBeNull();
      expect(screen.queryByText(/Медіана/)).toBeNull();
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('keeps bonus, profitability, VAT and rounding read-only while the order is on approval', async () => {
    setup({ readOnly: true });
    const row = await serviceRow();

    expect(within(row).getByLabelText(`Премія, % — ${SERVICE}`)).toBeDisabled();
    expect(within(row).getByLabelText(`Рентабельність, % — ${SERVICE}`)).toBeDisabled();
    expect(within(row).getByLabelText(`ПДВ — ${SERVICE}`)).toBeDisabled();
    expect(screen.getByLabelText('Округлення тарифу')).toBeDisabled();
    await waitFor(() => expect(within(row).getAllByText('279,84')).toHaveLength(2));
  });
});

describe('useCalculateOnline', () => {
  it('sends one request for quick successive changes, with the last draft', async () => {
    useFakeTimersWithTestingLibrary();
    const spy = fakeServer(() => undefined);
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const withProfit = (profit: number) => {
      const calculations = workedExample();
      const item = calculations[CATEGORY]?.[0];
      if (item) item.calculation.profit = profit;
      return { companyInfo: emptyCompanyInfo(), calculations, priceRounding: 'none' as const };
    };
    const { result, rerender } = renderHook((body) => useCalculateOnline(body), {
      wrapper,
      initialProps: withProfit(15),
    });
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.isRecomputing).toBe(false);

    rerender(withProfit(16));
    rerender(withProfit(18));
    rerender(withProfit(20));
    expect(result.current.isRecomputing).toBe(true);
    // The previous answer stays while the new one is on its way.
    expect(result.current.data?.[0]?.calculations[0]?.summaryWithProfit).toBe('279.84');

    await waitFor(
      () => expect(result.current.data?.[0]?.calculations[0]?.summaryWithProfit).toBe('292.01'),
      { timeout: 3000 },
    );
    expect(result.current.isRecomputing).toBe(false);
    // A whole pause later, still nothing more was sent.
    await act(() => vi.advanceTimersByTimeAsync(CALCULATE_ONLINE_DEBOUNCE_MS + 100));
    const profits = requestsTo(spy, 'POST', PATH).map(
      (request) =>
        (request.body as { calculations: WizardCalculations }).calculations[CATEGORY]?.[0]
          ?.calculation.profit,
    );
    expect(profits).toEqual([15, 20]);
  });
});
