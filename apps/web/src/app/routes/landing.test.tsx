import { afterEach, describe, expect, it, vi } from 'vitest';

import { expectLinkTo } from '@/testing/links';
import { jsonResponse, mockFetch, renderRoutes, screen } from '@/testing/test-utils';

import LandingRoute from './landing';

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderLanding = () =>
  renderRoutes([{ path: '/', element: <LandingRoute /> }], { path: '/', user: null });

describe('LandingRoute contacts (issue 13)', () => {
  it("links the provider's configured phone (a landline grouped, issue 33) and e-mail as tel: and mailto:", async () => {
    mockFetch((call) =>
      call.path === '/api/contacts'
        ? jsonResponse(200, { phone: '+380440000000', email: 'info@medcalc.test' })
        : jsonResponse(404, { message: 'Не знайдено.' }),
    );
    renderLanding();

    const contacts = await screen.findByRole('list', { name: 'Контакти' });
    expectLinkTo('044 000-00-00', 'tel:+380440000000', contacts);
    expectLinkTo('info@medcalc.test', 'mailto:info@medcalc.test', contacts);
    expect(screen.getByRole('link', { name: 'Зареєструвати заклад' })).toBeInTheDocument();
    expect(screen.getByText(/^Зателефонуйте або напишіть нам/)).toBeInTheDocument();
  });

  it('shows only what is configured, and only registration when nothing is', async () => {
    const spy = mockFetch(() => jsonResponse(200, { phone: null, email: null }));
    renderLanding();

    await vi.waitFor(() => expect(spy).toHaveBeenCalled());
    expect(await screen.findByRole('link', { name: 'Зареєструвати заклад' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Контакти' })).not.toBeInTheDocument();
    // Issue 33: no promise of a phone or an address the page does not show.
    expect(screen.getByText(/^Зареєструйте заклад, і представник/)).toBeInTheDocument();
    expect(screen.queryByText(/Зателефонуйте/)).not.toBeInTheDocument();
  });
});
