import type { CurrentUser, ImportPreview, LastImport } from '@medcalc/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { findDialog } from '@/testing/dialogs';
import { roleTexts } from '@/testing/role-texts';
import { emulateWidth } from '@/testing/viewport';
import { fileResponse, stubFileDownloads } from '@/testing/file-downloads';
import {
  fakeApi,
  jsonResponse,
  requestsTo,
  screen,
  setupAtRoot,
  testUser,
  testViewer,
  waitFor,
  within,
  type CallOverrides,
  type UserEvent,
} from '@/testing/test-utils';

import type { ImportTarget } from '../import-target';

import { SpreadsheetActions } from './spreadsheet-actions';

const COMPANY = testUser.companyIdentifier;
const BASE = `/api/company/${COMPANY}/imports/staff`;
const STAFF: ImportTarget = { scope: 'company', table: 'staff', companyIdentifier: COMPANY };
const PILLS: ImportTarget = { scope: 'company', table: 'pills', companyIdentifier: COMPANY };
const DIALOG = 'Імпорт штатного розпису з Excel';

const STAFF_FIELDS: ImportPreview['fields'] = [
  { field: 'qualification', label: 'Посада' },
  { field: 'category', label: 'Категорія' },
  { field: 'scientific_degree', label: 'Науковий ступінь' },
  { field: 'salary', label: 'Оклад' },
];

const preview = (overrides: Partial<ImportPreview> = {}): ImportPreview => ({
  importId: 'imp1',
  table: 'staff',
  fileName: 'штат.xlsx',
  headers: ['Посада', 'Категорія', 'Науковий ступінь', 'Оклад, грн'],
  fields: STAFF_FIELDS,
  columns: { qualification: 0, category: 1, scientific_degree: 2, salary: 3 },
  missingColumns: [],
  counts: { updated: 1, added: 1, unchanged: 116, refused: 1 },
  updated: [
    {
      line: 5,
      key: 'Лікар-терапевт · вища · немає',
      changes: [{ field: 'salary', old: 12000, new: 13500.5 }],
    },
  ],
  added: [
    {
      line: 122,
      values: {
        qualification: 'Лікар-генетик',
        category: 'перша',
        scientific_degree: 'немає',
        salary: 15000,
      },
    },
  ],
  refused: [{ line: 9, reason: 'Рядок 9: поле «Оклад»: введіть число.' }],
  skipped: [],
  newUnits: [],
  expiresAt: '2026-11-26T05:00:00.000Z',
  ...overrides,
});

/** A materials preview that only adds lines, one of them in a unit the company does not have yet («саше»). */
const newPillsPreview = (overrides: Partial<ImportPreview>): ImportPreview =>
  preview({
    table: 'pills',
    fields: [
      { field: 'name', label: 'Назва' },
      { field: 'measurementType', label: 'Одиниця' },
      { field: 'price', label: 'Ціна' },
    ],
    updated: [],
    refused: [],
    newUnits: ['саше'],
    ...overrides,
  });

const RESULT = {
  message: 'Імпорт застосовано: оновлено 1, додано 1.',
  counts: { updated: 1, added: 1, unchanged: 116, refused: 1 },
  createdUnits: 0,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** An applied staff import that can still be undone. */
const LAST_STAFF_IMPORT: LastImport = {
  last: {
    importId: 'imp1',
    fileName: 'штат.xlsx',
    appliedAt: '2026-11-26T03:40:00.000Z',
    counts: { updated: 3, added: 1, unchanged: 116, refused: 0 },
    createdUnits: 0,
  },
};

/** A server answering the import calls; `answers` overrides one call (first match wins). */
function fakeServer(answers?: CallOverrides, last: LastImport = { last: null }) {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path.endsWith('/last')) return jsonResponse(200, last);
    if (call.method === 'POST' && call.path.endsWith('/preview')) {
      return jsonResponse(200, preview());
    }
    return undefined;
  }, answers);
}

/**
 * The actions of `target` (the staff table's unless said), signed in `as` the owner unless said, on
 * {@link fakeServer}.
 */
function setup({
  target = STAFF,
  answers,
  last,
  as,
}: { target?: ImportTarget; answers?: CallOverrides; last?: LastImport; as?: CurrentUser } = {}) {
  const spy = fakeServer(answers, last);
  return { spy, ...setupAtRoot(<SpreadsheetActions target={target} />, { as }) };
}

const xlsx = (name = 'штат.xlsx') => new File(['PK-bytes'], name, { type: 'application/zip' });

/** The form data the preview calls sent, in order. */
const sentForms = (spy: ReturnType<typeof fakeApi>) =>
  spy.mock.calls
    .filter(([input]) => String(input).endsWith('/preview'))
    .map(([, init]) => init?.body as FormData);

/** Opens the import dialog, whose chunk loads on the first click (a few seconds on a busy machine). */
async function openDialog(user: UserEvent, title = DIALOG) {
  await user.click(screen.getByRole('button', { name: 'Імпорт з Excel' }));
  await screen.findByText(title, { selector: '.ant-modal-title' }, { timeout: 10_000 });
  return findDialog(title);
}

async function openAndUpload(user: UserEvent, file = xlsx()) {
  const dialog = await openDialog(user);
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  expect(input).toHaveAttribute('accept', '.xlsx,.csv');
  await user.upload(input, file);
  return dialog;
}

describe('SpreadsheetActions and the import dialog', () => {
  it('uploads the chosen file and previews the counts, old → new, added and refused rows', async () => {
    emulateWidth(1366);
    const { spy, user } = setup();

    const dialog = await openAndUpload(user);

    const summary = await within(dialog).findByRole('list', { name: 'Підсумок імпорту' });
    const counts = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(counts).toEqual(['Буде оновлено1', 'Буде додано1', 'Без змін116', 'Відхилено1']);
    const updated = within(dialog).getByRole('region', { name: 'Буде оновлено' });
    expect(updated).toHaveTextContent('Лікар-терапевт · вища · немає');
    expect(updated.textContent).toContain('Оклад: 12\u00a0000,00 → 13\u00a0500,50');
    const added = within(dialog).getByRole('region', { name: 'Буде додано' });
    expect(
      roleTexts(added, 'cell'),
      // The first cell holds the row's «Застосувати» tick (issue 33).
    ).toEqual(['', '122', 'Лікар-генетик', 'перша', 'немає', '15\u00a0000,00']);
    const refused = within(dialog).getByRole('region', { name: 'Відхилені рядки' });
    expect(roleTexts(refused, 'cell')).toEqual(['9', 'Рядок 9: поле «Оклад»: введіть число.']);

    const [form] = sentForms(spy);
    // Multipart: the browser sets the Content-Type with its boundary, so the client must not say JSON.
    const [, init] = spy.mock.calls.find(([input]) => String(input).endsWith('/preview')) ?? [];
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).not.toBeNull();
    expect((form?.get('file') as File).name).toBe('штат.xlsx');
    expect(form?.get('columns')).toBeNull();
    expect(requestsTo(spy, 'POST', `${BASE}/preview`)).toHaveLength(1);
  });

  it('puts each previewed row in one cell on a phone, so the new values need no sideways scroll', async () => {
    emulateWidth(390);
    const { user } = setup();

    const dialog = await openAndUpload(user);

    const updated = await within(dialog).findByRole('region', { name: 'Буде оновлено' });
    expect(roleTexts(updated, 'cell')).toEqual([
      '',
      '5',
      'Лікар-терапевт · вища · немаєОклад: 12\u00a0000,00 → 13\u00a0500,50',
    ]);
    const added = within(dialog).getByRole('region', { name: 'Буде додано' });
    expect(roleTexts(added, 'cell')).toEqual([
      '',
      '122',
      'Посада: Лікар-генетикКатегорія: першаНауковий ступінь: немаєОклад: 15\u00a0000,00',
    ]);
  });

  it('shows the server’s 422 for a bad file and offers no Apply', async () => {
    const message = 'Файл не є таблицею Excel (.xlsx) або CSV.';
    const { user } = setup({
      answers: (call) =>
        call.path.endsWith('/preview')
          ? jsonResponse(422, { message, errors: { file: [message] } })
          : undefined,
    });

    const dialog = await openAndUpload(user, xlsx('фото.xlsx'));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).queryByRole('button', { name: 'Застосувати' })).toBeNull();
  });

  it('asks for a missing column from the file’s headers and previews again with it', async () => {
    let calls = 0;
    const { spy, user } = setup({
      answers: (call) => {
        if (!call.path.endsWith('/preview')) return undefined;
        calls += 1;
        return jsonResponse(
          200,
          calls === 1
            ? preview({
                importId: null,
                headers: ['Посада', 'Категорія', 'Науковий ступінь', 'Сума'],
                columns: { qualification: 0, category: 1, scientific_degree: 2, salary: null },
                missingColumns: ['salary'],
                counts: { updated: 0, added: 0, unchanged: 0, refused: 0 },
                updated: [],
                added: [],
                refused: [],
              })
            : preview(),
        );
      },
    });
    const dialog = await openAndUpload(user);

    const again = await within(dialog).findByRole('button', { name: 'Переглянути знову' });
    expect(again).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Застосувати' })).toBeNull();
    await user.click(within(dialog).getByLabelText('Стовпець для «Оклад»'));
    await user.click(await screen.findByTitle('Сума'));
    await user.click(again);

    await within(dialog).findByRole('region', { name: 'Буде оновлено' });
    const forms = sentForms(spy);
    expect(forms).toHaveLength(2);
    expect(forms[1]?.get('columns')).toBe(JSON.stringify({ salary: 3 }));
    expect((forms[1]?.get('file') as File).name).toBe('штат.xlsx');
  });

  it('applies after the confirmation, busy until the answer, then closes, toasts and asks for the last import again', async () => {
    let release: () => void = () => undefined;
    const { spy, user } = setup({
      answers: (call) =>
        call.path.endsWith('/apply')
          ? new Promise<Response>((resolve) => {
              release = () => resolve(jsonResponse(200, RESULT));
            })
          : undefined,
    });
    const dialog = await openAndUpload(user);

    await user.click(await within(dialog).findByRole('button', { name: 'Застосувати' }));
    await user.click(await screen.findByRole('button', { name: 'Так, застосувати' }));

    await waitFor(() => expect(requestsTo(spy, 'POST', `${BASE}/imp1/apply`)).toHaveLength(1));
    const apply = within(dialog).getByRole('button', { name: /Застосувати/ });
    expect(apply).toHaveClass('ant-btn-loading');
    expect(within(dialog).getByRole('button', { name: 'Скасувати' })).toBeDisabled();
    expect(requestsTo(spy, 'POST', `${BASE}/imp1/apply`)[0]?.body).toEqual({ createUnits: false });

    release();
    expect(await screen.findByText(RESULT.message)).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(requestsTo(spy, 'GET', `${BASE}/last`)).toHaveLength(2));
  });

  it('cancels without any call that changes data', async () => {
    const { spy, user } = setup();
    const dialog = await openAndUpload(user);
    await within(dialog).findByRole('region', { name: 'Буде оновлено' });

    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const writes = spy.mock.calls.filter(
      ([input, init]) => init?.method === 'POST' && !String(input).endsWith('/preview'),
    );
    expect(writes).toEqual([]);
  });

  it('applies new units only once their creation is confirmed', async () => {
    emulateWidth(1366);
    const pillsPreview = newPillsPreview({
      added: [{ line: 2, values: { name: 'Гель', measurementType: 'саше', price: 1234.5 } }],
      counts: { updated: 0, added: 1, unchanged: 0, refused: 0 },
    });
    const { spy, user } = setup({
      target: PILLS,
      answers: (call) => {
        if (call.path.endsWith('/preview')) return jsonResponse(200, pillsPreview);
        if (call.path.endsWith('/apply')) return jsonResponse(200, { ...RESULT, createdUnits: 1 });
        return undefined;
      },
    });
    const dialog = await openDialog(user, 'Імпорт матеріалів з Excel');
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, xlsx());

    const units = await within(dialog).findByRole('list', { name: 'Нові одиниці виміру' });
    expect(units).toHaveTextContent('саше');
    expect(within(dialog).getByRole('region', { name: 'Буде додано' }).textContent).toContain(
      'Гельсаше1\u00a0234,50',
    );
    const apply = within(dialog).getByRole('button', { name: 'Застосувати' });
    expect(apply).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Так, створити ці одиниці виміру' }),
    );
    expect(apply).toBeEnabled();
    await user.click(apply);
    await user.click(await screen.findByRole('button', { name: 'Так, застосувати' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const path = `/api/company/${COMPANY}/imports/pills/imp1/apply`;
    expect(requestsTo(spy, 'POST', path).map((request) => request.body)).toEqual([
      { createUnits: true },
    ]);
  });

  it('leaves out an unticked row: the counts follow and the apply names its line (issue 33)', async () => {
    emulateWidth(1366);
    const { spy, user } = setup({
      answers: (call) => (call.path.endsWith('/apply') ? jsonResponse(200, RESULT) : undefined),
    });
    const dialog = await openAndUpload(user);

    const tick = await within(dialog).findByRole('checkbox', { name: 'Застосувати рядок 122' });
    expect(tick).toBeChecked();
    await user.click(tick);
    expect(tick).not.toBeChecked();
    const counts = within(within(dialog).getByRole('list', { name: 'Підсумок імпорту' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(counts).toEqual(['Буде оновлено1', 'Буде додано0', 'Без змін116', 'Відхилено1']);
    expect(within(dialog).getByRole('region', { name: 'Буде додано' })).toHaveTextContent(
      'Буде додано: 0 (виключено: 1)',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Застосувати' }));
    // In the confirmation (its opening motion may still run in jsdom, so present rather than visible).
    expect(await screen.findByText(/Виключені вами рядки \(1\) не змінюються/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Так, застосувати' }));
    await waitFor(() => expect(requestsTo(spy, 'POST', `${BASE}/imp1/apply`)).toHaveLength(1));
    expect(requestsTo(spy, 'POST', `${BASE}/imp1/apply`)[0]?.body).toEqual({
      createUnits: false,
      excludedLines: [122],
    });
  });

  it('says beside a disabled «Застосувати» why it is disabled (issue 33)', async () => {
    emulateWidth(1366);
    const pillsPreview = newPillsPreview({
      added: [
        { line: 2, values: { name: 'Реагент', measurementType: 'мл', price: 2.375 } },
        { line: 3, values: { name: 'Гель', measurementType: 'саше', price: 12.5 } },
      ],
      skipped: [
        { line: 4, reason: 'Підсумковий рядок «Разом» пропущено: це сума, а не позиція таблиці.' },
      ],
      counts: { updated: 0, added: 2, unchanged: 0, refused: 0 },
    });
    const { spy, user } = setup({
      target: PILLS,
      answers: (call) =>
        call.path.endsWith('/preview') ? jsonResponse(200, pillsPreview) : undefined,
    });
    const dialog = await openDialog(user, 'Імпорт матеріалів з Excel');
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, xlsx());

    // The price keeps its four decimals; the totals row is listed as skipped with its reason.
    const added = await within(dialog).findByRole('region', { name: 'Буде додано' });
    expect(added.textContent).toContain('Реагентмл2,375');
    expect(added.textContent).toContain('Гельсаше12,50');
    const skipped = within(dialog).getByRole('region', { name: 'Пропущені підсумкові рядки' });
    expect(skipped).toHaveTextContent('Підсумковий рядок «Разом» пропущено');

    const apply = within(dialog).getByRole('button', { name: 'Застосувати' });
    expect(apply).toBeDisabled();
    const why = 'Спершу підтвердьте створення нових одиниць виміру.';
    expect(within(dialog).getByText(why)).toBeVisible();
    expect(apply).toHaveAccessibleDescription(why);

    // Leaving out the only row with the new unit: no confirmation is needed any more.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Застосувати рядок 3' }));
    expect(within(dialog).queryByRole('list', { name: 'Нові одиниці виміру' })).toBeNull();
    expect(apply).toBeEnabled();
    expect(within(dialog).queryByText(why)).toBeNull();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Застосувати рядок 2' }));
    expect(apply).toBeDisabled();
    expect(
      within(dialog).getByText('Усі рядки виключено: позначте «Застосувати» хоча б біля одного.'),
    ).toBeVisible();
    expect(requestsTo(spy, 'POST', `/api/company/${COMPANY}/imports/pills/imp1/apply`)).toEqual([]);
  });

  it('keeps the dialog with the server’s reason when the table changed since the preview', async () => {
    const message = 'Дані змінилися після перегляду. Перегляньте файл ще раз.';
    const { user } = setup({
      answers: (call) =>
        call.path.endsWith('/apply') ? jsonResponse(409, { message }) : undefined,
    });
    const dialog = await openAndUpload(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Застосувати' }));
    await user.click(await screen.findByRole('button', { name: 'Так, застосувати' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `Зміни не застосовано. ${message}`,
    );
    expect(within(dialog).getByRole('button', { name: 'Застосувати' })).toBeDisabled();
  });

  it('lets a «Перегляд» member download the table and the template, not import or undo (issue 22)', async () => {
    const { spy } = setup({ last: LAST_STAFF_IMPORT, as: testViewer });

    expect(await screen.findByRole('button', { name: 'Експорт в Excel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Шаблон' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Імпорт з Excel' })).toBeNull();
    // The undoable import exists, but is not the viewer's to undo.
    await waitFor(() => expect(requestsTo(spy, 'GET', `${BASE}/last`)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Скасувати останній імпорт' })).toBeNull();
  });

  it('undoes the last import after a confirmation', async () => {
    let undone = false;
    const { spy, user } = setup({
      answers: (call) => {
        if (call.path.endsWith('/undo')) {
          undone = true;
          return jsonResponse(200, { ...RESULT, message: 'Останній імпорт скасовано.' });
        }
        if (call.path.endsWith('/last') && undone) return jsonResponse(200, { last: null });
        return undefined;
      },
      last: LAST_STAFF_IMPORT,
    });

    await user.click(await screen.findByRole('button', { name: 'Скасувати останній імпорт' }));
    const question = await findDialog('Скасувати останній імпорт?');
    expect(question).toHaveTextContent('«штат.xlsx»');
    expect(question).toHaveTextContent('оновлені значення (3)');
    await user.click(within(question).getByRole('button', { name: 'Так, скасувати імпорт' }));

    expect(await screen.findByText('Останній імпорт скасовано.')).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', `${BASE}/undo`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Скасувати останній імпорт' })).toBeNull(),
    );
  });
});

describe('the Excel downloads', () => {
  const files = stubFileDownloads('xlsx');

  it('saves the export and the template under the server’s names', async () => {
    const spy = fakeServer((call) => {
      if (call.path === `${BASE}/export`) return fileResponse('Штатний розпис.xlsx', { type: 'x' });
      if (call.path === '/api/administrator/imports/pills/template') {
        return fileResponse('Матеріали шаблонів.xlsx', { type: 'x' });
      }
      return undefined;
    });
    const { user } = setupAtRoot(
      <>
        <SpreadsheetActions target={STAFF} />
        <SpreadsheetActions target={{ scope: 'admin', table: 'pills' }} />
      </>,
    );

    const staff = screen.getByRole('group', { name: 'Excel: імпорт і експорт штатного розпису' });
    await user.click(within(staff).getByRole('button', { name: 'Експорт в Excel' }));
    const admin = screen.getByRole('group', {
      name: 'Excel: імпорт і експорт матеріалів шаблонів',
    });
    await user.click(within(admin).getByRole('button', { name: 'Шаблон' }));

    await waitFor(() =>
      expect(files.fileNames()).toEqual(['Штатний розпис.xlsx', 'Матеріали шаблонів.xlsx']),
    );
    expect(requestsTo(spy, 'GET', `${BASE}/export`)).toHaveLength(1);
  });
});
