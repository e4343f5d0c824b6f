import { VIEWER_READ_ONLY_MESSAGE, type Equipment } from '@medcalc/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { findDialog } from '@/testing/dialogs';
import {
  equipmentInputOf,
  equipmentRowOf,
  equipmentRowsCalls,
  PRINTER_LINE,
  SCANNER_LINE,
} from '@/testing/equipment';
import { requestsTo } from '@/testing/fetch-calls';
import {
  fakeApi,
  jsonResponse,
  screen,
  setupRoutes,
  testUser,
  testViewer,
  waitFor,
  within,
  type CallOverrides,
} from '@/testing/test-utils';
import { roleTexts } from '@/testing/role-texts';
import { emulateWidth } from '@/testing/viewport';
import { queryKeys } from '@/lib/query-keys';

import { createRoutes } from '../../router';

const COMPANY = testUser.companyIdentifier;
const EQUIPMENT_PATH = `/api/company/${COMPANY}/equipment`;
const STAMP = '2026-11-22T08:15:00.000Z';

/** The worked example's printer (docs/methodology.md "Equipment depreciation") in the register. */
const PRINTER = equipmentRowOf(PRINTER_LINE, {
  inventoryNumber: 'ІН-0042',
  companyIdentifier: COMPANY,
  stamp: STAMP,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fake of the register's calls that stores what it is sent, so the reloaded table shows it. */
function fakeServer(initial: Equipment[], overrides?: CallOverrides) {
  const rowsCalls = equipmentRowsCalls(initial, {
    path: EQUIPMENT_PATH,
    companyIdentifier: COMPANY,
    newId: 9,
    stamp: STAMP,
  });
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === `/api/company/${COMPANY}/imports/equipment/last`)
      return jsonResponse(200, { last: null });
    if (
      call.method === 'GET' &&
      /^\/api\/company\/[^/]+\/equipment\/\d+\/orders$/.test(call.path)
    ) {
      return jsonResponse(200, {
        total: 3,
        orders: [
          { identifier: 'ord-0007', name: 'УЗД для лікарні' },
          { identifier: 'ord-0009', name: 'Діагностика 2027' },
        ],
      });
    }
    return rowsCalls(call);
  }, overrides);
}

/** The register's page signed in `as` the owner unless said, on {@link fakeServer} of `rows`. */
function setup(rows: Equipment[], as = testUser) {
  const spy = fakeServer(rows);
  return { spy, ...setupRoutes(createRoutes(), { path: '/equipment', as }) };
}

const table = () => screen.findByRole('region', { name: 'Реєстр обладнання' });

describe('/equipment (issue 38)', () => {
  it('lists name, inventory number, V, S, N, T and the cost of one minute, and warns of double counting', async () => {
    emulateWidth(1366);
    setup([PRINTER]);

    const region = await table();
    const row = (await within(region).findByText(PRINTER.name)).closest('tr') as HTMLElement;
    expect(roleTexts(row, 'cell')).toEqual([
      'Принтер для УЗД-знімків',
      'ІН-0042',
      '18\u00a0000,00',
      '2\u00a0000,00',
      '4',
      '1\u00a0500',
      // (18 000 − 2 000) / 4 / (1 500 × 60) = 0,0444…
      '0,0444',
      '',
    ]);
    expect(screen.getByRole('heading', { name: 'Обладнання' })).toBeInTheDocument();
    expect(screen.getByText(/інакше її буде\s+враховано двічі/)).toBeInTheDocument();
    expect(screen.getByText(/«Амортизація» загальновиробничих витрат/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Даних закладу' })).toHaveAttribute('href', '/company');
    // Import and export by spreadsheet, as the staffing table's.
    const spreadsheet = screen.getByRole('group', {
      name: 'Excel: імпорт і експорт реєстру обладнання',
    });
    expect(
      within(spreadsheet)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Імпорт з Excel', 'Експорт в Excel', 'Шаблон']);
  });

  it('shows the cost of one minute as V, S, N and T are typed, then adds the row', async () => {
    emulateWidth(1366);
    const { spy, user, queryClient } = setup([]);
    // The wizard's list (template rows and the company's) read before, in the same session.
    queryClient.setQueryData(queryKeys.equipment.allList(COMPANY), []);

    expect(
      await screen.findByText('Реєстр обладнання порожній. Додайте обладнання.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Додати обладнання' }));
    const dialog = await findDialog('Нове обладнання');
    const rate = within(dialog).getByRole('status', { name: 'Вартість однієї хвилини' });
    // T starts at the suggested 1 940,4 hours; without V and N there is no rate yet.
    expect(within(dialog).getByLabelText('Годин використання на рік (T)')).toHaveValue(
      '1\u00a0940,4',
    );
    expect(rate).toHaveTextContent('—');

    await user.type(within(dialog).getByLabelText('Назва'), 'Ультразвуковий сканер');
    await user.type(within(dialog).getByLabelText(/Інвентарний номер/), 'ІН-0001');
    await user.type(within(dialog).getByLabelText('Первісна вартість (V), грн'), '1200000');
    expect(rate).toHaveTextContent('—');
    await user.type(within(dialog).getByLabelText('Строк корисного використання, років (N)'), '5');
    // 1 200 000 / 5 / (1 940,4 × 60) = 2,06143…
    expect(rate).toHaveTextContent('2,0614 грн/хв');

    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));

    await waitFor(() => expect(requestsTo(spy, 'POST', EQUIPMENT_PATH)).toHaveLength(1));
    expect(requestsTo(spy, 'POST', EQUIPMENT_PATH)[0]?.body).toEqual(
      equipmentInputOf(SCANNER_LINE, 'ІН-0001'),
    );
    const row = (await within(await table()).findByText('Ультразвуковий сканер')).closest(
      'tr',
    ) as HTMLElement;
    expect(row).toHaveTextContent('2,0614');
    expect(screen.queryByText('Нове обладнання')).toBeNull();
    // Step 3's list is stale now: the wizard asks for it again and offers the new row.
    expect(queryClient.getQueryState(queryKeys.equipment.allList(COMPANY))?.isInvalidated).toBe(
      true,
    );
  });

  it('says under each field what the register refuses, and sends nothing', async () => {
    emulateWidth(1366);
    const { spy, user } = setup([]);

    await user.click(await screen.findByRole('button', { name: 'Додати обладнання' }));
    const dialog = await findDialog('Нове обладнання');
    await user.type(within(dialog).getByLabelText('Первісна вартість (V), грн'), '1000');
    const residual = within(dialog).getByLabelText('Ліквідаційна вартість (S), грн');
    await user.clear(residual);
    await user.type(residual, '1000');
    await user.type(within(dialog).getByLabelText('Строк корисного використання, років (N)'), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));

    expect(
      await within(dialog).findByText('Ліквідаційна вартість має бути меншою за первісну.'),
    ).toBeVisible();
    expect(
      within(dialog).getByText(
        'Поле «Строк корисного використання, років»: ціле число від 1 до 50.',
      ),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('status', { name: 'Вартість однієї хвилини' }),
    ).toHaveTextContent('—');
    expect(requestsTo(spy, 'POST', EQUIPMENT_PATH)).toHaveLength(0);
  });

  it('edits a row with its values in the form', async () => {
    emulateWidth(1366);
    const { spy, user } = setup([PRINTER]);

    await user.click(await screen.findByRole('button', { name: `Редагувати «${PRINTER.name}»` }));
    const dialog = await findDialog('Редагувати обладнання');
    expect(
      within(dialog).getByRole('status', { name: 'Вартість однієї хвилини' }),
    ).toHaveTextContent('0,0444 грн/хв');
    const years = within(dialog).getByLabelText('Строк корисного використання, років (N)');
    await user.clear(years);
    await user.type(years, '2');
    expect(
      within(dialog).getByRole('status', { name: 'Вартість однієї хвилини' }),
    ).toHaveTextContent('0,0889 грн/хв');
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти' }));

    await waitFor(() =>
      expect(requestsTo(spy, 'PUT', `${EQUIPMENT_PATH}/${PRINTER.id}`)).toHaveLength(1),
    );
    expect(requestsTo(spy, 'PUT', `${EQUIPMENT_PATH}/${PRINTER.id}`)[0]?.body).toMatchObject({
      usefulLifeYears: 2,
    });
  });

  it('asks before deleting, naming the orders that use the row', async () => {
    emulateWidth(1366);
    const { spy, user } = setup([PRINTER]);

    await user.click(await screen.findByRole('button', { name: `Видалити «${PRINTER.name}»` }));
    const dialog = await findDialog('Видалити обладнання?');
    expect(dialog).toHaveTextContent(`Обладнання «${PRINTER.name}» буде видалено з реєстру`);
    expect(
      await within(dialog).findByText(
        /Використовується в замовленнях: «УЗД для лікарні» \(ord-0007\), «Діагностика 2027» \(ord-0009\) та ще 1\./,
      ),
    ).toBeVisible();
    expect(requestsTo(spy, 'DELETE', `${EQUIPMENT_PATH}/${PRINTER.id}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: /Так, видалити/ }));

    await waitFor(() =>
      expect(requestsTo(spy, 'DELETE', `${EQUIPMENT_PATH}/${PRINTER.id}`)).toHaveLength(1),
    );
    expect(
      await within(await table()).findByText('Реєстр обладнання порожній. Додайте обладнання.'),
    ).toBeVisible();
  });

  it('shows a «Перегляд» member the register with no add, edit or delete (issue 22)', async () => {
    emulateWidth(1366);
    setup([PRINTER], testViewer);

    const row = (await within(await table()).findByText(PRINTER.name)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('0,0444');
    expect(screen.getByText(VIEWER_READ_ONLY_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Додати обладнання' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Імпорт з Excel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Експорт в Excel' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Редагувати|Видалити/ })).toBeNull();
  });

  it('fits a phone: the figures stand under the name beside the cost of one minute', async () => {
    emulateWidth(390);
    setup([PRINTER]);

    const row = (await within(await table()).findByText(/Інв\. № ІН-0042/)).closest(
      'tr',
    ) as HTMLElement;
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(3);
    expect(cells[0]?.textContent).toBe(
      'Принтер для УЗД-знімківІнв. № ІН-0042 · V 18\u00a0000,00 · S 2\u00a0000,00 · N 4 · T 1\u00a0500',
    );
    expect(cells[1]).toHaveTextContent('0,0444');
  });
});
