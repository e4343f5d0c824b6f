import {
  DEFAULT_APPROVAL_SETTINGS,
  type ApprovalSettings,
  type CurrentUser,
} from '@medcalc/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeSetting } from '@/testing/fake-setting';
import {
  jsonResponse,
  mockFetch,
  requestsTo,
  screen,
  setupAtRoot,
  testUser,
  testViewer,
  waitFor,
} from '@/testing/test-utils';

import { ApprovalSettingsForm } from './approval-settings-form';

const COMPANY = testUser.companyIdentifier;
const PATH = `/api/company/${COMPANY}/approval-settings`;

const STORED: ApprovalSettings = {
  ...DEFAULT_APPROVAL_SETTINGS,
  inForceNumber: '7',
  inForceDate: '2025-01-20',
  profitabilityCap: 20,
  capDecisionNumber: '115',
  capDecisionDate: '2025-03-14',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const setup = (as?: CurrentUser) =>
  setupAtRoot(<ApprovalSettingsForm companyIdentifier={COMPANY} />, { as });

describe('ApprovalSettingsForm (issue 35)', () => {
  it('shows each decision’s number and date, saves a change and starts again from what was stored', async () => {
    const spy = fakeSetting(PATH, STORED, { message: 'Налаштування збережено.' });
    const { user } = setup();

    expect(await screen.findByLabelText('Номер рішення про чинні тарифи')).toHaveValue('7');
    expect(screen.getByLabelText('Дата рішення про чинні тарифи')).toHaveValue('2025-01-20');
    expect(screen.getByLabelText('Номер рішення про норматив')).toHaveValue('115');
    expect(screen.getByLabelText('Дата рішення про норматив')).toHaveValue('2025-03-14');

    const number = screen.getByLabelText('Номер рішення про норматив');
    await user.clear(number);
    await user.type(number, '116');
    await user.click(screen.getByRole('button', { name: /Зберегти налаштування затвердження/ }));

    await waitFor(() => expect(requestsTo(spy, 'PUT', PATH)).toHaveLength(1));
    expect(requestsTo(spy, 'PUT', PATH)[0]?.body).toEqual({ ...STORED, capDecisionNumber: '116' });
    expect(number).toHaveValue('116');
  });

  it('puts a refusal’s message under its field', async () => {
    mockFetch((call) =>
      call.method === 'PUT'
        ? jsonResponse(422, {
            message: 'Дані не пройшли перевірку.',
            errors: { capDecisionNumber: ['Вкажіть номер рішення про норматив.'] },
          })
        : jsonResponse(200, STORED),
    );
    const { user } = setup();

    await user.click(
      await screen.findByRole('button', { name: /Зберегти налаштування затвердження/ }),
    );

    expect(await screen.findByText('Вкажіть номер рішення про норматив.')).toBeInTheDocument();
  });

  it('offers no Save to a viewer', async () => {
    fakeSetting(PATH, STORED, { message: 'Налаштування збережено.' });
    setup(testViewer);

    expect(await screen.findByLabelText('Номер рішення про норматив')).toBeDisabled();
    expect(
      screen.queryByRole('button', { name: /Зберегти налаштування затвердження/ }),
    ).not.toBeInTheDocument();
  });
});
