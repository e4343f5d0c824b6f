import type { Publication } from '@medcalc/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { expectLinkTo } from '@/testing/links';
import { requestsTo } from '@/testing/fetch-calls';
import { fakeSetting } from '@/testing/fake-setting';
import { renderRoutes, testUser, testViewer } from '@/testing/test-utils';

import { PublicPriceListCard } from './public-price-list-card';

const COMPANY = testUser.companyIdentifier;
const PATH = `/api/company/${COMPANY}/public-price-list`;

afterEach(() => {
  vi.unstubAllGlobals();
});

const fakeServer = (initial: Publication) =>
  fakeSetting(PATH, initial, {
    message: 'Прейскурант опубліковано.',
    save: (stored, body) => ({ ...stored, ...body, formerSlugs: [] }),
  });

const renderCard = (user = testUser) =>
  renderRoutes([{ path: '/', element: <PublicPriceListCard companyIdentifier={COMPANY} /> }], {
    user,
  });

const UNPUBLISHED: Publication = {
  published: false,
  slug: null,
  suggestedSlug: 'miska-klinika',
  formerSlugs: [],
};

describe('PublicPriceListCard (issue 36)', () => {
  it('offers the suggested address, publishes it, then shows the links and the embed snippet', async () => {
    const spy = fakeServer(UNPUBLISHED);
    const user = userEvent.setup();
    renderCard();
    const address = await screen.findByLabelText(
      'Адреса сторінки (латинські літери, цифри, дефіси)',
    );
    expect(address).toHaveValue('miska-klinika');
    expect(screen.queryByLabelText('Код для сайту закладу')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Публікувати прейскурант' }));
    await user.click(screen.getByRole('button', { name: /Зберегти публікацію/ }));
    await waitFor(() => expect(requestsTo(spy, 'PUT', PATH)).toHaveLength(1));
    expect(requestsTo(spy, 'PUT', PATH)[0]?.body).toEqual({
      published: true,
      slug: 'miska-klinika',
    });
    const snippet = await screen.findByLabelText('Код для сайту закладу');
    expect((snippet as HTMLTextAreaElement).value).toContain(
      `src="${window.location.origin}/p/miska-klinika/embed"`,
    );
    expectLinkTo(
      'Плакат з QR-кодом (PDF, A4)',
      `${window.location.origin}/p/miska-klinika/poster.pdf`,
    );
  });

  it('lets only the owner change it', async () => {
    fakeServer({ ...UNPUBLISHED, published: true, slug: 'miska-klinika' });
    renderCard(testViewer);
    expect(await screen.findByRole('switch', { name: 'Публікувати прейскурант' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Зберегти публікацію/ })).toBeNull();
    expect(screen.getByText('Публікацію вмикає керівник облікового запису.')).toBeInTheDocument();
  });
});
