import type { Participation } from '@medcalc/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { chooseOption } from '@/testing/choose-option';
import { requestsTo } from '@/testing/fetch-calls';
import { fakeSetting } from '@/testing/fake-setting';
import { renderRoutes, testUser, testViewer } from '@/testing/test-utils';

import { ParticipationCard } from './participation-card';

const COMPANY = testUser.companyIdentifier;
const PATH = `/api/company/${COMPANY}/tariff-comparison/participation`;

afterEach(() => {
  vi.unstubAllGlobals();
});

const fakeServer = (initial: Participation) =>
  fakeSetting(PATH, initial, { message: 'Збережено.' });

const renderCard = (user = testUser) =>
  renderRoutes([{ path: '/', element: <ParticipationCard companyIdentifier={COMPANY} /> }], {
    user,
  });

const OFF: Participation = { participates: false, oblast: null, beds: 40 };

describe('ParticipationCard (issue 41)', () => {
  it('explains what is shared and what never is, off by default', async () => {
    fakeServer(OFF);
    renderCard();
    const toggle = await screen.findByRole('switch', { name: 'Брати участь у порівнянні тарифів' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/затверджений тариф, частки статей витрат/)).toBeInTheDocument();
    expect(
      screen.getByText(/Назва закладу, назви послуг, посади й заробітні плати/),
    ).toBeInTheDocument();
    expect(screen.getByText('Кількість ліжок (з даних закладу): 40')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Відкрити порівняння тарифів' })).toBeNull();
  });

  it('needs an oblast to join, then joins and links to the comparison', async () => {
    const spy = fakeServer(OFF);
    const user = userEvent.setup();
    renderCard();
    await user.click(
      await screen.findByRole('switch', { name: 'Брати участь у порівнянні тарифів' }),
    );
    await user.click(screen.getByRole('button', { name: /Зберегти участь/ }));
    expect(
      await screen.findByText('Оберіть область закладу, щоб брати участь у порівнянні.'),
    ).toBeInTheDocument();
    expect(requestsTo(spy, 'PUT', PATH)).toHaveLength(0);

    await chooseOption(user, screen.getByLabelText('Область закладу'), 'Волинська');
    await user.click(screen.getByRole('button', { name: /Зберегти участь/ }));
    await waitFor(() => expect(requestsTo(spy, 'PUT', PATH)).toHaveLength(1));
    expect(requestsTo(spy, 'PUT', PATH)[0]?.body).toEqual({
      participates: true,
      oblast: 'Волинська',
    });
    expect(
      await screen.findByRole('link', { name: 'Відкрити порівняння тарифів' }),
    ).toHaveAttribute('href', '/tariff-comparison');
  });

  it('lets only the owner change it', async () => {
    fakeServer({ participates: true, oblast: 'Волинська', beds: null });
    renderCard(testViewer);
    expect(
      await screen.findByRole('switch', { name: 'Брати участь у порівнянні тарифів' }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Зберегти участь/ })).toBeNull();
    expect(screen.getByText('Участь вмикає керівник облікового запису.')).toBeInTheDocument();
    expect(screen.getByText('Кількість ліжок (з даних закладу): не вказано')).toBeInTheDocument();
  });
});
