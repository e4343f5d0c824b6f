import {
  emptyCompanyInfo,
  type Equipment,
  type EquipmentLine,
  type OrderDetail,
} from '@medcalc/domain';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';

import { equipmentRowOf, PRINTER_LINE, SCANNER_LINE } from '@/testing/equipment';
import { fireEvent, screen, setupAtRoot, testUser, waitFor, within } from '@/testing/test-utils';

import { orderDraftFromDetail, orderDraftReducer } from '../stores/order-draft';

import { ServiceEquipment } from './equipment-lines';

const CATEGORY = 'УЗД';
const SERVICE = 'УЗД органів черевної порожнини';
const STAMP = '2026-01-10T10:00:00Z';

/** The administrator's template row: the scanner's V, S, N and T under another name and id, no company. */
const TEMPLATE_SCANNER: Equipment = {
  ...equipmentRowOf(SCANNER_LINE, { inventoryNumber: '', companyIdentifier: 'x', stamp: STAMP }),
  id: 900,
  name: 'УЗ-сканер базовий',
  companyIdentifier: null,
};
/** The company's own rows: the scanner (with an inventory number) and the printer. */
const OWN_SCANNER = equipmentRowOf(SCANNER_LINE, {
  inventoryNumber: 'ІН-0001',
  companyIdentifier: testUser.companyIdentifier,
  stamp: STAMP,
});
const OWN_PRINTER = equipmentRowOf(PRINTER_LINE, {
  inventoryNumber: '',
  companyIdentifier: testUser.companyIdentifier,
  stamp: STAMP,
});
/** As `all-list` answers: the template rows first, then the company's own. */
const ALL_LIST = [TEMPLATE_SCANNER, OWN_SCANNER, OWN_PRINTER];

const detailWith = (equipment: EquipmentLine[]): OrderDetail => ({
  identifier: 'ord-1',
  number: 'З-2026-0001',
  name: 'Прайс 2026',
  status: 'payed',
  companyInfo: emptyCompanyInfo(),
  calculations: {
    [CATEGORY]: [
      {
        id: 1,
        identifier: 'calc-1',
        code: '00001',
        categoryId: 3,
        name: SERVICE,
        calculation: { bonus: 20, profit: 15, stuff: [], pills: [], equipment },
      },
    ],
  },
  priceRounding: 'none',
  revision: 1,
  version: 1,
});

/** Step 3's equipment block of one service, on the wizard's own reducer, with `rows` as the all-list. */
function Block({ rows, lines }: { rows: readonly Equipment[]; lines: EquipmentLine[] }) {
  const [draft, dispatch] = useReducer(orderDraftReducer, detailWith(lines), orderDraftFromDetail);
  const item = draft.calculations[CATEGORY]?.[0];
  if (item === undefined) throw new Error('no service');
  return (
    <ServiceEquipment
      card={{ category: CATEGORY, index: 0, item, dispatch, readOnly: false, fieldErrors: {} }}
      register={{ rows, isLoading: false, isPhone: false }}
    />
  );
}

const setup = (rows: readonly Equipment[], lines: EquipmentLine[] = []) =>
  setupAtRoot(<Block rows={rows} lines={lines} />);

const addList = () => screen.getByLabelText(`Додати обладнання: ${SERVICE}`);

/** The open list's group headers and options, in their order: «# group» for a header. */
const openListEntries = () =>
  [
    ...document.querySelectorAll(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item',
    ),
  ].map((entry) =>
    entry.classList.contains('ant-select-item-group')
      ? `# ${entry.textContent}`
      : (entry.getAttribute('title') ?? entry.textContent),
  );

/** Waits until the open list shows `entries` (see {@link openListEntries}). */
const expectListed = (entries: string[]) =>
  waitFor(() => expect(openListEntries()).toEqual(entries));

/** The template scanner and the company's: what a search «сканер» finds in both groups. */
const SCANNERS = [
  '# Обладнання шаблонів',
  'УЗ-сканер базовий',
  '# Обладнання закладу',
  'Ультразвуковий сканер (інв. № ІН-0001)',
];

const lineItems = () =>
  within(screen.getByRole('list', { name: `Обладнання: ${SERVICE}` })).queryAllByRole('listitem');

describe('step 3’s equipment lists (issue 38, template equipment)', () => {
  it('offers the template rows under «Обладнання шаблонів» and the company’s under «Обладнання закладу»', async () => {
    const { user } = setup(ALL_LIST);

    await user.click(addList());

    await expectListed([...SCANNERS, 'Принтер для УЗД-знімків']);
  });

  it('tells two template rows of one name apart by their cost of a minute', async () => {
    const otherValues = { ...TEMPLATE_SCANNER, id: 901, firstCost: 600000 };
    const { user } = setup([TEMPLATE_SCANNER, otherValues, OWN_PRINTER]);

    await user.click(addList());

    await expectListed([
      '# Обладнання шаблонів',
      'УЗ-сканер базовий — 2,0614 грн/хв',
      'УЗ-сканер базовий — 1,0307 грн/хв',
      '# Обладнання закладу',
      'Принтер для УЗД-знімків',
    ]);
  });

  it('finds rows of both groups by their words, not by a group’s name', async () => {
    const { user } = setup(ALL_LIST);

    await user.click(addList());
    await user.type(addList(), 'сканер');
    await expectListed(SCANNERS);

    // «закладу» is only the group's name: no row of it is shown for that.
    await user.clear(addList());
    await user.type(addList(), 'закладу');
    await expectListed([]);
    expect(screen.getByText('Опції не знайдено')).toBeVisible();
  });

  it('adds a line with the template row’s values by typing and Enter, the focus then in its minutes', async () => {
    const { user } = setup(ALL_LIST);

    await user.click(addList());
    await user.type(addList(), 'базовий');
    // antd's select reads the key's `which`, which user-event leaves 0 under jsdom (a browser sets it).
    fireEvent.keyDown(addList(), { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });

    const [line] = lineItems();
    if (line === undefined) throw new Error('no line added');
    expect(lineItems()).toHaveLength(1);
    expect(within(line).getByText('УЗ-сканер базовий')).toBeVisible();
    // The template row's V, S, N and T: 1 200 000 / 5 / (1 940,4 × 60).
    expect(within(line).getByText('2,0614')).toBeVisible();
    const minutes = within(line).getByLabelText('Час використання, хв');
    await waitFor(() => expect(minutes).toHaveFocus());
    await user.keyboard('20');
    expect(await within(line).findByText('41,23')).toBeVisible();
    // A template row is in the list: the line is not said to be gone from the register.
    expect(within(line).queryByText(/вже немає в реєстрі/)).toBeNull();
    // The add list is empty again, ready for the next row.
    expect(screen.getByText('+ Додати обладнання')).toBeInTheDocument();
  });

  it('says a line’s row is gone only when neither the templates nor the register have it', () => {
    setup(ALL_LIST, [
      { ...SCANNER_LINE, id: TEMPLATE_SCANNER.id, name: TEMPLATE_SCANNER.name },
      { ...PRINTER_LINE, id: 4242 },
    ]);

    const [onTemplate, gone] = lineItems();
    if (onTemplate === undefined || gone === undefined) throw new Error('two lines expected');
    expect(within(onTemplate).queryByText(/вже немає в реєстрі/)).toBeNull();
    expect(within(gone).getByText(/Цього обладнання вже немає в реєстрі/)).toBeVisible();
  });

  it('sends the company to its register only when the all-list is empty', () => {
    const hint = /Реєстр обладнання порожній/;
    const onlyTemplates = setup([TEMPLATE_SCANNER]);
    expect(screen.queryByText(hint)).toBeNull();
    onlyTemplates.unmount();

    setup([]);
    expect(screen.getByText(hint)).toBeVisible();
  });
});
