import {
  AREA_FIELDS,
  EXPENSE_FIELDS,
  OTHER_NUMERIC_FIELDS,
  REQUISITE_MESSAGES,
  emptyCompanyInfo,
  type CompanyInfo,
} from '@medcalc/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { COMPANY_INFO_LABELS } from '@/components/company-info/company-info-fields';
import { requestsTo } from '@/testing/fetch-calls';
import { pasteInto, retype } from '@/testing/submit-form';
import { jsonResponse, mockFetch, renderRoutes, testUser, testViewer } from '@/testing/test-utils';

import { CompanyInfoForm } from './company-info-form';

const COMPANY = testUser.companyIdentifier;
const INFO_PATH = `/api/company-info/${COMPANY}`;

const STORED: CompanyInfo = {
  ...emptyCompanyInfo(),
  name: 'КНП «Міська лікарня №1»',
  code: '01234567',
  form: 1,
  ceo_name: 'Іваненко Іван Іванович',
  medical_staff_salary_fund: 14_400_000,
  unified_social_security_contribution_rate: 22,
  total_number_of_beds: 120,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeServer(stored: CompanyInfo) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.path === INFO_PATH) return jsonResponse(200, stored);
    if (call.method === 'PUT' && call.path === INFO_PATH) {
      return jsonResponse(200, { message: 'Дані закладу збережено.', data: call.body });
    }
    return jsonResponse(404, { message: 'Не знайдено.' });
  });
}

function renderForm() {
  return renderRoutes(
    [
      { path: '/', element: <CompanyInfoForm companyIdentifier={COMPANY} /> },
      { path: '/elsewhere', element: <p>Інша сторінка</p> },
    ],
    { user: testUser },
  );
}

/** Serves `stored`, renders the form and waits until it shows the stored data. */
async function renderLoadedForm(stored: CompanyInfo = STORED) {
  const spy = fakeServer(stored);
  const user = userEvent.setup();
  const view = renderForm();
  await screen.findByDisplayValue('КНП «Міська лікарня №1»');
  return { spy, user, ...view };
}

const field = (name: keyof typeof COMPANY_INFO_LABELS) =>
  screen.getByLabelText(COMPANY_INFO_LABELS[name], { exact: true });

describe('CompanyInfoForm', () => {
  it('shows a «Перегляд» member the data with every field disabled and no Save (issue 22)', async () => {
    fakeServer(STORED);
    renderRoutes([{ path: '/', element: <CompanyInfoForm companyIdentifier={COMPANY} /> }], {
      user: testViewer,
    });

    expect(await screen.findByDisplayValue('КНП «Міська лікарня №1»')).toBeDisabled();
    expect(field('ceo_name')).toBeDisabled();
    expect(field('medical_staff_salary_fund')).toBeDisabled();
    expect(field('overhead_base')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Зберегти' })).toBeNull();
  });

  it('waits with a skeleton, then shows the stored data', async () => {
    fakeServer(STORED);
    renderForm();

    expect(screen.getByRole('status', { name: 'Дані закладу: завантаження…' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('КНП «Міська лікарня №1»')).toBe(field('name'));
    expect(field('code')).toHaveValue('01234567');
    expect(field('ceo_name')).toHaveValue('Іваненко Іван Іванович');
    // uk-UA grouping with no-break spaces, as amounts are shown everywhere.
    expect(field('medical_staff_salary_fund')).toHaveValue('14\u00a0400\u00a0000,00');
    expect(field('unified_social_security_contribution_rate')).toHaveValue('22,00');
    expect(field('total_number_of_beds')).toHaveValue('120');
    expect(field('operational_expenses')).toHaveValue('');
    expect(screen.getByText('Бюджетна')).toBeInTheDocument();
    expect(field('address').tagName).toBe('TEXTAREA');
    expect(field('address')).toHaveAttribute('rows', '4');
  });

  it('labels every field and puts «заповніть» in every numeric input', async () => {
    fakeServer(STORED);
    renderForm();
    await screen.findByDisplayValue('КНП «Міська лікарня №1»');

    for (const name of [
      ...EXPENSE_FIELDS,
      ...AREA_FIELDS,
      ...OTHER_NUMERIC_FIELDS,
      'overhead_percent',
    ] as const) {
      expect(field(name), name).toHaveAttribute('placeholder', 'заповніть');
    }
    expect(field('code')).toHaveAttribute('placeholder', '8 цифр ЄДРПОУ або 10 — РНОКПП');
    expect(field('payment_code')).toHaveAttribute(
      'placeholder',
      'UA00 0000 0000 0000 0000 0000 0000 0',
    );
    for (const title of [
      '1. Прямі витрати',
      '2. Загальновиробничі витрати',
      '3. Адміністративні витрати',
      '4. Реклама',
    ]) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
  });

  it('offers a new institution its registered name and the legal ЄСВ 22 %, stored only when saved (issue 23)', async () => {
    const spy = fakeServer(emptyCompanyInfo());
    const user = userEvent.setup();
    renderForm();

    const title = await screen.findByText('Ми заповнили кілька полів за вас');
    const notice = title.closest('[role="status"]');
    expect(notice).toHaveTextContent(
      'Ставка ЄСВ, %: 22 % — ставка ЄСВ 22 % за законом про єдиний внесок',
    );
    expect(field('name')).toHaveValue(testUser.company);
    // The number field shows its formatted value a render after the notice (it once read '' here, in a whole run).
    await waitFor(() =>
      expect(field('unified_social_security_contribution_rate')).toHaveValue('22,00'),
    );
    // Offers, not data: the form is dirty and nothing was sent yet.
    expect(screen.getByText('Є незбережені зміни')).toBeInTheDocument();
    expect(requestsTo(spy, 'PUT', INFO_PATH)).toHaveLength(0);

    await retype(user, field('unified_social_security_contribution_rate'), '8,41');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Дані закладу збережено.')).toBeInTheDocument();
    expect(requestsTo(spy, 'PUT', INFO_PATH)[0]?.body).toEqual({
      ...emptyCompanyInfo(),
      name: testUser.company,
      unified_social_security_contribution_rate: 8.41,
    });
    await waitFor(() => expect(screen.queryByText('Ми заповнили кілька полів за вас')).toBeNull());
  });

  it('offers nothing for data already stored', async () => {
    await renderLoadedForm();
    expect(screen.queryByText('Ми заповнили кілька полів за вас')).toBeNull();
    expect(screen.queryByText('Є незбережені зміни')).toBeNull();
  });

  it('saves the whole object through PUT, edits included', async () => {
    const { spy, user } = await renderLoadedForm();

    await pasteInto(user, field('payment_code'), 'ua21 3223 1300 0002 6007 2335 6600 1');
    await pasteInto(user, field('operational_expenses'), '3600000');
    await pasteInto(user, field('address'), 'м. Київ,\nвул. Прикладна, 1');
    await user.clear(field('total_number_of_beds'));
    expect(field('overhead_percent')).toBeDisabled();
    await user.click(screen.getByLabelText('Фіксований відсоток'));
    await user.type(field('overhead_percent'), '33');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));

    expect(await screen.findByText('Дані закладу збережено.')).toBeInTheDocument();
    const saves = requestsTo(spy, 'PUT', INFO_PATH);
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toEqual({
      ...STORED,
      payment_code: 'UA213223130000026007233566001',
      operational_expenses: 3_600_000,
      address: 'м. Київ,\nвул. Прикладна, 1',
      total_number_of_beds: null,
      overhead_method: 'fixed',
      overhead_percent: 33,
    });
    await waitFor(() => expect(field('total_number_of_beds')).toHaveValue(''));
  });

  it('reads amounts typed with spaces, a comma or a dot, and shows them grouped', async () => {
    const { spy, user } = await renderLoadedForm();

    await user.type(field('other_direct_expenses'), '1 200 000,5');
    await user.type(field('general_depreciation'), '250000.75');
    await user.type(field('total_number_of_beds'), '0');
    await user.tab();

    expect(field('other_direct_expenses')).toHaveValue('1\u00a0200\u00a0000,50');
    expect(field('general_depreciation')).toHaveValue('250\u00a0000,75');
    expect(field('total_number_of_beds')).toHaveValue('1\u00a0200');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));

    await waitFor(() => expect(requestsTo(spy, 'PUT', INFO_PATH)).toHaveLength(1));
    expect(requestsTo(spy, 'PUT', INFO_PATH)[0]?.body).toMatchObject({
      other_direct_expenses: 1_200_000.5,
      general_depreciation: 250_000.75,
      total_number_of_beds: 1200,
    });
  });

  it('shows the server’s field message under the field', async () => {
    mockFetch((call) =>
      call.method === 'GET'
        ? jsonResponse(200, STORED)
        : jsonResponse(422, {
            message: 'Дані містять помилки. Перевірте виділені поля.',
            errors: {
              unified_social_security_contribution_rate: ['Ставка ЄСВ не може перевищувати 100 %.'],
            },
          }),
    );
    const user = userEvent.setup();
    renderForm();
    await screen.findByDisplayValue('КНП «Міська лікарня №1»');

    await user.click(screen.getByRole('button', { name: 'Зберегти' }));

    await waitFor(() =>
      expect(field('unified_social_security_contribution_rate')).toHaveAccessibleDescription(
        'Ставка ЄСВ не може перевищувати 100 %.',
      ),
    );
  });

  it.each([
    [503, 'Сервіс тимчасово недоступний: немає зв’язку з базою даних. Спробуйте за хвилину.'],
    [507, 'На сервері закінчилося місце для даних. Адміністратора повідомлено.'],
  ])(
    'shows a %i as the server says it and keeps what was typed (issue 21)',
    async (status, message) => {
      let failing = true;
      const spy = mockFetch((call) => {
        if (call.method === 'GET') return jsonResponse(200, STORED);
        if (failing) return jsonResponse(status, { message });
        return jsonResponse(200, { message: 'Дані закладу збережено.', data: call.body });
      });
      const user = userEvent.setup();
      renderForm();
      await screen.findByDisplayValue('КНП «Міська лікарня №1»');

      await user.type(field('ceo_name'), ' молодший');
      await user.click(screen.getByRole('button', { name: 'Зберегти' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(field('ceo_name')).toHaveValue('Іваненко Іван Іванович молодший');
      expect(screen.getByText('Є незбережені зміни')).toBeInTheDocument();

      // Once the server is back, the same input saves as it was typed.
      failing = false;
      await user.click(screen.getByRole('button', { name: 'Зберегти' }));
      expect(await screen.findByText('Дані закладу збережено.')).toBeInTheDocument();
      const puts = requestsTo(spy, 'PUT', INFO_PATH);
      expect(puts).toHaveLength(2);
      expect(puts[1]?.body).toMatchObject({ ceo_name: 'Іваненко Іван Іванович молодший' });
    },
  );

  it('keeps out-of-range values as typed, shows the rule under each field and does not save', async () => {
    const { spy, user } = await renderLoadedForm();

    await retype(user, field('unified_social_security_contribution_rate'), '150');
    await retype(user, field('total_number_of_beds'), '250,5');
    await retype(user, field('operational_expenses'), '-5');
    await user.tab();

    // Nothing clamped or rounded on leaving the input.
    expect(field('unified_social_security_contribution_rate')).toHaveValue('150,00');
    expect(field('total_number_of_beds')).toHaveValue('250,5');
    expect(field('operational_expenses')).toHaveValue('-5,00');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));

    await waitFor(() =>
      expect(field('unified_social_security_contribution_rate')).toHaveAccessibleDescription(
        'Відсоток має бути від 0 до 100.',
      ),
    );
    expect(field('total_number_of_beds')).toHaveAccessibleDescription('Вкажіть ціле число.');
    expect(field('operational_expenses')).toHaveAccessibleDescription(
      'Значення не може бути від’ємним.',
    );
    expect(requestsTo(spy, 'PUT', INFO_PATH)).toHaveLength(0);
  });

  it('keeps a sticky save bar that says when there are unsaved changes', async () => {
    const { user } = await renderLoadedForm();

    const bar = screen.getByRole('region', { name: 'Збереження даних закладу' });
    expect(bar).toHaveStyle({ position: 'sticky', bottom: '0px' });
    expect(bar).toContainElement(screen.getByRole('button', { name: 'Зберегти' }));
    expect(screen.queryByText('Є незбережені зміни')).not.toBeInTheDocument();

    await user.type(field('ceo_phone'), '+380441234567');
    expect(bar).toHaveTextContent('Є незбережені зміни');

    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Дані закладу збережено.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Є незбережені зміни')).not.toBeInTheDocument());
  });

  it('asks before leaving the page with unsaved changes', async () => {
    const { user, router } = await renderLoadedForm();

    // Nothing edited: leaving needs no confirmation, and closing the tab is not held up.
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await user.type(field('ceo_name'), ' молодший');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);

    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('Залишити сторінку?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Залишитися' }));
    expect(router.state.location.pathname).toBe('/');
    expect(field('ceo_name')).toHaveValue('Іваненко Іван Іванович молодший');

    await act(() => router.navigate('/elsewhere'));
    await user.click(await screen.findByRole('button', { name: 'Піти без збереження' }));
    expect(await screen.findByText('Інша сторінка')).toBeInTheDocument();
  });

  describe('requisites and numbers (issue 13)', () => {
    it('says what is wrong with a typed account, code, phone or amount, and sends nothing', async () => {
      const { spy, user } = await renderLoadedForm();

      await user.type(field('payment_code'), 'UA21 3223 1300 0002 6007 2335 6600 2');
      await retype(user, field('code'), '00032128');
      await user.type(field('ceo_phone'), 'у приймальні');
      await user.type(field('operational_expenses'), '12 тис');
      await user.click(screen.getByRole('button', { name: 'Зберегти' }));

      await waitFor(() =>
        expect(field('payment_code')).toHaveAccessibleDescription(REQUISITE_MESSAGES.ibanChecksum),
      );
      expect(field('code')).toHaveAccessibleDescription(REQUISITE_MESSAGES.edrpouChecksum);
      expect(field('ceo_phone')).toHaveAccessibleDescription(REQUISITE_MESSAGES.phone);
      expect(field('operational_expenses')).toHaveAccessibleDescription('Введіть число.');
      // The letters stay where they were typed.
      expect(field('operational_expenses')).toHaveValue('12 тис');
      expect(requestsTo(spy, 'PUT', INFO_PATH)).toHaveLength(0);
    });

    it('saves a stored legacy account and code unchanged, but not a new digit-only account', async () => {
      const legacy: CompanyInfo = { ...STORED, payment_code: '26007233566001' };
      const { spy, user } = await renderLoadedForm(legacy);
      expect(field('payment_code')).toHaveValue('26007233566001');

      await user.type(field('ceo_name'), ' мол.');
      await user.click(screen.getByRole('button', { name: 'Зберегти' }));
      expect(await screen.findByText('Дані закладу збережено.')).toBeInTheDocument();
      expect(requestsTo(spy, 'PUT', INFO_PATH)[0]?.body).toMatchObject({
        code: '01234567',
        payment_code: '26007233566001',
      });

      await user.type(field('payment_code'), '9');
      await user.click(screen.getByRole('button', { name: 'Зберегти' }));
      await waitFor(() =>
        expect(field('payment_code')).toHaveAccessibleDescription(REQUISITE_MESSAGES.iban),
      );
      expect(requestsTo(spy, 'PUT', INFO_PATH)).toHaveLength(1);
    });
  });
});
