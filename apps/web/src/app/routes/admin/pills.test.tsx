import type { CompanyPill, Pill } from '@medcalc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { chooseOption } from '@/testing/choose-option';
import { findDialog } from '@/testing/dialogs';
import { requestsTo } from '@/testing/fetch-calls';
import { roleTexts } from '@/testing/role-texts';
import { fakeApi, jsonResponse, renderRoutes, testAdmin } from '@/testing/test-utils';
import { onePage } from '@/testing/paged-answer';

import { submitNewPill } from '@/features/pills/test/submit-pill-form';

import { createRoutes } from '../../router';

const STAMP = '2026-03-02T08:15:00.000Z';

afterEach(() => {
  vi.unstubAllGlobals();
});

const IN_TEMPLATES = 'У шаблонах уже є матеріал з такою назвою.';

/**
 * Template materials, the companies' own materials, the admin's POST /api/pills and the copy into the templates,
 * as the server keeps them. `copyGate` holds the copy's answer until it resolves.
 */
function fakeServer(copyGate: Promise<void> = Promise.resolve()) {
  const templates: Pill[] = [
    {
      id: 1,
      name: 'Рукавички',
      measurementType: 'пара',
      price: 7.5,
      companyIdentifier: null,
      created_at: STAMP,
      updated_at: STAMP,
    },
  ];
  const companies: CompanyPill[] = [
    {
      id: 20,
      name: 'Бинт стерильний',
      measurementType: 'шт',
      price: 1234.5,
      companyIdentifier: 'cmpb',
      company: 'Лікарня «Берегиня»',
      created_at: STAMP,
      updated_at: STAMP,
    },
    {
      id: 21,
      name: 'рукавички',
      measurementType: 'пара',
      price: 8,
      companyIdentifier: 'cmpb',
      company: 'Лікарня «Берегиня»',
      created_at: STAMP,
      updated_at: STAMP,
    },
  ];
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === '/api/get-measurements') {
      return jsonResponse(200, [
        { value: 1, label: 'шт' },
        { value: 2, label: 'пара' },
      ]);
    }
    if (call.method === 'GET' && call.path === '/api/get-companies-list') {
      return jsonResponse(200, [
        { value: 'cmpa', label: 'Клініка «Астра»' },
        { value: 'cmpb', label: 'Лікарня «Берегиня»' },
      ]);
    }
    if (call.method === 'GET' && call.path === '/api/pills') return onePage(templates);
    if (call.method === 'GET' && call.path === '/api/pills/companies') {
      return onePage(companies);
    }
    if (call.method === 'POST' && call.path === '/api/pills') {
      const { companyIdentifier, ...input } = call.body as Pick<
        Pill,
        'name' | 'measurementType' | 'price'
      > & { companyIdentifier?: string };
      const created: Pill = {
        id: 100 + templates.length + companies.length,
        ...input,
        companyIdentifier: companyIdentifier ?? null,
        created_at: STAMP,
        updated_at: STAMP,
      };
      if (companyIdentifier === undefined) templates.push(created);
      else companies.push({ ...created, company: 'Клініка «Астра»' });
      return jsonResponse(200, { message: 'Матеріал додано.', data: created });
    }
    const copied = /^\/api\/pills\/companies\/(\d+)\/to-templates$/.exec(call.path);
    if (call.method === 'POST' && copied) {
      return copyGate.then(() => {
        const source = companies.find((pill) => pill.id === Number(copied[1]));
        if (!source) return jsonResponse(404, { message: 'Матеріал закладу не знайдено.' });
        const name = source.name.toLocaleLowerCase('uk');
        if (templates.some((pill) => pill.name.toLocaleLowerCase('uk') === name)) {
          return jsonResponse(422, { message: IN_TEMPLATES, errors: { name: [IN_TEMPLATES] } });
        }
        const { company: _company, ...material } = source;
        const created: Pill = { ...material, id: 100 + templates.length, companyIdentifier: null };
        templates.push(created);
        return jsonResponse(200, { message: 'Матеріал додано до шаблонів.', data: created });
      });
    }
    return undefined;
  });
}

const section = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });

/** Opens the materials tab and asks to copy the company material `name` into the templates. */
async function askToCopy(name: string) {
  const user = userEvent.setup();
  renderRoutes(createRoutes(), { path: '/admin-panel/pills', user: testAdmin });
  await user.click(
    await within(await section('Матеріали закладів')).findByRole('button', {
      name: `Додати «${name}» до шаблонів`,
    }),
  );
  return { user, dialog: await findDialog('Додати до шаблонів?') };
}

describe('/admin-panel/pills', () => {
  it('lists template materials and the companies’ materials with their company', async () => {
    fakeServer();
    renderRoutes(createRoutes(), { path: '/admin-panel/pills', user: testAdmin });

    expect(await within(await section('Матеріали шаблонів')).findByText('Рукавички')).toBeVisible();
    const row = (
      await within(await section('Матеріали закладів')).findByText('Бинт стерильний')
    ).closest('tr') as HTMLElement;
    expect(within(row).getByText('Лікарня «Берегиня»')).toBeInTheDocument();
    expect(roleTexts(row, 'cell')).toContain('1\u00a0234,50');
  });

  it('adds a material for a chosen company, asking for the company first', async () => {
    const spy = fakeServer();
    const user = userEvent.setup();
    renderRoutes(createRoutes(), { path: '/admin-panel/pills', user: testAdmin });
    await within(await section('Матеріали шаблонів')).findByText('Рукавички');

    await user.click(screen.getByRole('button', { name: 'Додати для закладу' }));
    const dialog = await findDialog('Новий матеріал для закладу');
    await submitNewPill(user, dialog, { name: 'Шприц 5 мл', unit: 'шт', price: '3,2' });

    expect(await within(dialog).findByText('Оберіть заклад.')).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', '/api/pills')).toHaveLength(0);

    await chooseOption(user, within(dialog).getByLabelText('Заклад'), 'Клініка «Астра»');
    await user.click(within(dialog).getByRole('button', { name: 'Додати' }));

    expect(await screen.findByText('Матеріал додано.')).toBeInTheDocument();
    // Closing (jsdom never ends antd's leave animation under the whole app's providers).
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
    expect(requestsTo(spy, 'POST', '/api/pills').map((request) => request.body)).toEqual([
      { name: 'Шприц 5 мл', measurementType: 'шт', price: 3.2, companyIdentifier: 'cmpa' },
    ]);
    expect(
      await within(await section('Матеріали закладів')).findByText('Шприц 5 мл'),
    ).toBeInTheDocument();
  });

  it('copies a company’s material into the templates after a confirmation, spinning until it is done', async () => {
    let release: () => void = () => undefined;
    const spy = fakeServer(
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const { user, dialog } = await askToCopy('Бинт стерильний');
    // toHaveTextContent folds the no-break space of uk-UA digit groups into a plain one.
    expect(dialog).toHaveTextContent('«Бинт стерильний» (шт, 1 234,50 грн)');
    expect(requestsTo(spy, 'POST', '/api/pills/companies/20/to-templates')).toHaveLength(0);
    const confirm = within(dialog).getByRole('button', { name: /Так, додати/ });
    await user.click(confirm);

    // While the server works, the question stays open with a spinning button and cannot be cancelled.
    await waitFor(() => expect(confirm).toHaveClass('ant-btn-loading'));
    expect(requestsTo(spy, 'POST', '/api/pills/companies/20/to-templates')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    expect(dialog).not.toHaveClass('ant-zoom-leave');
    release();

    expect(await screen.findByText('Матеріал додано до шаблонів.')).toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
    expect(requestsTo(spy, 'POST', '/api/pills')).toHaveLength(0);
    expect(
      await within(await section('Матеріали шаблонів')).findByText('Бинт стерильний'),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal as a toast when the templates already have that name', async () => {
    const spy = fakeServer();
    const { user, dialog } = await askToCopy('рукавички');
    await user.click(within(dialog).getByRole('button', { name: 'Так, додати' }));

    expect(await screen.findByText(IN_TEMPLATES)).toBeInTheDocument();
    expect(requestsTo(spy, 'POST', '/api/pills/companies/21/to-templates')).toHaveLength(1);
    const templates = await section('Матеріали шаблонів');
    expect(within(templates).getAllByText(/рукавички/i)).toHaveLength(1);
  });
});
