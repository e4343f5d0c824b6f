import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoutes, screen, testUser, userEvent, waitFor, within } from '@/testing/test-utils';

import { PillForm, type PillFormValues } from './pill-form';
import type { UnitChoices } from './unit-select';

afterEach(() => {
  vi.unstubAllGlobals();
});

const UNITS: UnitChoices = { standard: ['шт', 'мл'], own: ['крапля', 'шт'], isLoading: false };

function renderForm(defaultValues?: PillFormValues, units: UnitChoices = UNITS) {
  const onSubmit = vi.fn(async () => undefined);
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <PillForm
            idPrefix="pill"
            units={units}
            defaultValues={defaultValues}
            submitText="Додати"
            isPending={false}
            onSubmit={onSubmit}
            onCancel={() => undefined}
          />
        ),
      },
    ],
    { user: testUser },
  );
  return { onSubmit, user: userEvent.setup() };
}

/** The open dropdown's groups and options, in the order shown. */
function dropdownEntries(): string[] {
  return [...document.querySelectorAll('.ant-select-item-group, .ant-select-item-option')].map(
    (item) =>
      item.classList.contains('ant-select-item-group')
        ? `[${item.textContent ?? ''}]`
        : (item.getAttribute('title') ?? ''),
  );
}

describe('PillForm', () => {
  it('offers the standard and own units in two groups, each name once', async () => {
    const { user } = renderForm();

    await user.click(screen.getByLabelText('Одиниця виміру'));

    await waitFor(() =>
      expect(dropdownEntries()).toEqual(['[Стандартні]', 'шт', 'мл', '[Власні]', 'крапля']),
    );
  });

  it('searches the units and says when nothing matches', async () => {
    const { user } = renderForm();
    const unit = screen.getByLabelText('Одиниця виміру');

    await user.click(unit);
    await user.type(unit, 'крап');
    await waitFor(() => expect(dropdownEntries()).toEqual(['[Власні]', 'крапля']));

    await user.clear(unit);
    await user.type(unit, 'тонна');
    expect(await screen.findByText('Нічого не знайдено')).toBeInTheDocument();
  });

  it('keeps a pasted name over 255 characters, counts it and refuses it instead of cutting it (issue 33)', async () => {
    const { onSubmit, user } = renderForm();
    const name = screen.getByLabelText('Назва');

    await user.click(name);
    await user.paste('Я'.repeat(256));

    expect(name).toHaveValue('Я'.repeat(256));
    expect(name.closest('.ant-input-affix-wrapper')).toHaveTextContent('256 / 255');
    await user.click(screen.getByRole('button', { name: 'Додати' }));
    expect(await screen.findByText('Поле «Назва» задовге (до 255 символів).')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('requires a name, a unit and a price before submitting', async () => {
    const { onSubmit, user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Додати' }));

    expect(await screen.findByText('Поле «Назва» обов’язкове.')).toBeInTheDocument();
    expect(screen.getByText('Поле «Одиниця виміру» обов’язкове.')).toBeInTheDocument();
    expect(screen.getByText('Поле «Ціна» обов’язкове.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps a negative or over-precise price as typed and refuses it with a message', async () => {
    const { onSubmit, user } = renderForm();
    const price = screen.getByLabelText('Ціна за одиницю, грн');

    await user.type(price, '-5');
    await user.tab();
    expect(price).toHaveValue('-5,00');
    await user.click(screen.getByRole('button', { name: 'Додати' }));
    expect(await screen.findByText('Поле «Ціна» не може бути від’ємним.')).toBeInTheDocument();

    await user.clear(price);
    // Four decimals are a price (issue 33: 2,375 грн/мл); a fifth is refused.
    await user.type(price, '12.34567');
    await user.tab();
    expect(price).toHaveValue('12,34567');
    await user.click(screen.getByRole('button', { name: 'Додати' }));
    expect(
      await screen.findByText('Поле «Ціна»: не більше чотирьох знаків після коми.'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the name, the chosen unit’s name and the price as a number', async () => {
    const { onSubmit, user } = renderForm();

    await user.type(screen.getByLabelText('Назва'), ' Гель для УЗД ');
    await user.click(screen.getByLabelText('Одиниця виміру'));
    await waitFor(() => expect(dropdownEntries()).toContain('крапля'));
    const option = document.querySelector('.ant-select-item-option[title="крапля"]');
    await user.click(option as HTMLElement);
    await user.type(screen.getByLabelText('Ціна за одиницю, грн'), '1234,5');
    await user.click(screen.getByRole('button', { name: 'Додати' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Гель для УЗД',
      measurementType: 'крапля',
      price: 1234.5,
    });
  });

  it('submits a price with up to four decimals as typed (issue 33)', async () => {
    const { onSubmit, user } = renderForm({ name: 'Реагент', measurementType: 'мл', price: null });

    const price = screen.getByLabelText('Ціна за одиницю, грн');
    await user.type(price, '2,375');
    await user.tab();
    expect(price).toHaveValue('2,375');
    await user.click(screen.getByRole('button', { name: 'Додати' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Реагент', measurementType: 'мл', price: 2.375 });
  });

  it('starts from the material being edited', () => {
    renderForm({ name: 'Рукавички', measurementType: 'пара', price: 7.5 });

    expect(screen.getByLabelText('Назва')).toHaveValue('Рукавички');
    // A unit missing from both lists (e.g. renamed since) is still shown as stored.
    const select = screen.getByLabelText('Одиниця виміру').closest('.ant-select');
    expect(within(select as HTMLElement).getByText('пара')).toBeInTheDocument();
    expect(screen.getByLabelText('Ціна за одиницю, грн')).toHaveValue('7,50');
  });

  it('says «введіть число» for letters in the price, not that it is required (issue 13)', async () => {
    const { onSubmit, user } = renderForm({ name: 'Гель', measurementType: 'мл', price: 5 });
    const price = screen.getByLabelText('Ціна за одиницю, грн');

    await user.clear(price);
    await user.type(price, '12abc');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Додати' }));

    await waitFor(() => expect(price).toHaveAccessibleDescription('Поле «Ціна»: введіть число.'));
    expect(price).toHaveValue('12abc');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves a price of 0 only after the warning is confirmed (issue 13)', async () => {
    const { onSubmit, user } = renderForm({ name: 'Гель', measurementType: 'мл', price: null });
    const price = screen.getByLabelText('Ціна за одиницю, грн');

    await user.type(price, '0');
    expect(
      await screen.findByText('Ціна 0 грн: витрати на цей матеріал у розрахунках будуть 0.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Додати' }));
    await waitFor(() =>
      expect(price).toHaveAccessibleDescription('Підтвердьте ціну 0 грн нижче або вкажіть іншу.'),
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'Так, зберегти 0 грн' }));
    await user.click(screen.getByRole('button', { name: 'Додати' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Гель', measurementType: 'мл', price: 0 }),
    );
  });
});
