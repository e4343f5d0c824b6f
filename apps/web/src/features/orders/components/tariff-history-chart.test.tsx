import type { TariffHistory } from '@medcalc/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  fireEvent,
  screen,
  setupAtRoot,
  waitFor,
  within,
  type UserEvent,
} from '@/testing/test-utils';
import { emulateWidth } from '@/testing/viewport';

import { TariffHistoryChart } from './tariff-history-chart';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An order of `count` services, each priced in two revisions, the first approved. */
const historyOf = (count: number): TariffHistory => ({
  identifier: 'ord-0001',
  approvals: [],
  services: Array.from({ length: count }, (_, index) => ({
    identifier: `calc-${index + 1}`,
    code: String(index + 1).padStart(5, '0'),
    name: `Послуга ${index + 1}`,
    points: [
      { revision: 1, cost: '100.00', tariff: '115.00', approvedOn: '2026-03-01' },
      { revision: 2, cost: '110.00', tariff: '126.50', approvedOn: null },
    ],
  })),
});

const setup = (count: number) => setupAtRoot(<TariffHistoryChart history={historyOf(count)} />);

/** The titles of the open select's options. */
const openOptions = () =>
  [
    ...document.querySelectorAll(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    ),
  ].map((option) => option.getAttribute('title'));

/**
 * Types `search` into the focused select and takes the one option left, `title`, with Enter. The select reads the
 * key's legacy `which`, which user-event's keyboard leaves 0 in jsdom (a browser sets it), so Enter is fired with it.
 */
async function chooseByKeyboard(
  user: UserEvent,
  select: HTMLElement,
  search: string,
  title: string,
) {
  await user.keyboard(search);
  await waitFor(() => expect(openOptions()).toEqual([title]));
  fireEvent.keyDown(select, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
  fireEvent.keyUp(select, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
}

const FIRST_SIX = Array.from({ length: 6 }, (_, index) => `0000${index + 1} Послуга ${index + 1}`);

/** The captions of the charts drawn, in their order. */
const chartCaptions = () =>
  within(screen.getByRole('region', { name: 'Історія тарифів' }))
    .getAllByRole('figure')
    .map((figure) => figure.querySelector('figcaption')?.textContent);

describe('TariffHistoryChart', () => {
  it('draws every service of a small order, with no select', () => {
    setup(3);
    expect(chartCaptions()).toEqual(['00001 Послуга 1', '00002 Послуга 2', '00003 Послуга 3']);
    expect(screen.queryByRole('combobox', { name: 'Послуга' })).not.toBeInTheDocument();
  });

  it('draws the first 6 of a large order and any other one chosen by keyboard, at 390 px', async () => {
    emulateWidth(390);
    const { user } = setup(12);
    expect(chartCaptions()).toEqual(FIRST_SIX);
    const select = screen.getByRole('combobox', { name: 'Послуга' });
    expect(screen.getByTitle('Перші 6 з 12 послуг')).toBeInTheDocument();
    // As wide as the card lets it (at most 480 px), so it fits a phone's screen.
    expect(select.closest('.ant-select')).toHaveStyle({ width: '100%' });

    // Tab to the select, type part of a service's code, take the one option left with Enter: its chart alone.
    await user.tab();
    expect(select).toHaveFocus();
    await chooseByKeyboard(user, select, '11', '00011 Послуга 11');
    await waitFor(() => expect(chartCaptions()).toEqual(['00011 Послуга 11']));
  });

  it('draws the first 6 again when the select’s first option is taken', async () => {
    const { user } = setup(7);
    const select = screen.getByRole('combobox', { name: 'Послуга' });
    select.focus();
    await chooseByKeyboard(user, select, '00007', '00007 Послуга 7');
    await waitFor(() => expect(chartCaptions()).toEqual(['00007 Послуга 7']));
    await chooseByKeyboard(user, select, 'Пер', 'Перші 6 з 7 послуг');
    await waitFor(() => expect(chartCaptions()).toEqual(FIRST_SIX));
  });
});
