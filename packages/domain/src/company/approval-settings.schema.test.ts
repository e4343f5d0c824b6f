import { describe, expect, it } from 'vitest';
import { REQUISITE_MESSAGES } from '../common/requisites';
import {
  APPROVAL_SETTINGS_MESSAGES,
  DEFAULT_APPROVAL_SETTINGS,
  approvalSettingsSchema,
  capExceededMessage,
  decisionReference,
  exceedsProfitabilityCap,
  formatIsoDate,
  isIsoDate,
  servicesAboveCap,
} from './approval-settings.schema';

const withCap = {
  ...DEFAULT_APPROVAL_SETTINGS,
  bodyName: 'Виконавчий комітет Запорізької міської ради',
  place: 'м. Запоріжжя',
  profitabilityCap: 20,
  capDecisionNumber: '115',
  capDecisionDate: '2025-03-14',
};

describe('the profitability cap', () => {
  it.each([
    [19.99, 20, false],
    [20, 20, false],
    [20.01, 20, true],
    [35, 20, true],
    [0, 0, false],
    [0.01, 0, true],
    [500, null, false],
  ] as const)('profitability %s against the cap %s exceeds it: %s', (profit, cap, exceeds) => {
    expect(exceedsProfitabilityCap(profit, cap)).toBe(exceeds);
  });

  it('is compared in hundredths, not binary floats', () => {
    expect(exceedsProfitabilityCap(0.1 + 0.2, 0.3)).toBe(false);
  });

  it('names the services above it, in their order, and none without a cap', () => {
    const services = [
      { name: 'А', profit: 25 },
      { name: 'Б', profit: 20 },
      { name: 'В', profit: 30.5 },
    ];
    expect(servicesAboveCap(services, 20).map((service) => service.name)).toEqual(['А', 'В']);
    expect(servicesAboveCap(services, null)).toEqual([]);
  });

  it('is named with its decision in the message', () => {
    const settings = approvalSettingsSchema.parse(withCap);
    expect(capExceededMessage(30.5, settings)).toBe(
      'Рентабельність 30,5 % перевищує граничний норматив 20 % (рішення від 14.03.2025 № 115).',
    );
  });
});

describe('approvalSettingsSchema', () => {
  it('drops the blank lines of the legal basis', () => {
    expect(
      approvalSettingsSchema.parse({ ...withCap, legalBasis: ['ст. 28', ' ', ''] }).legalBasis,
    ).toEqual(['ст. 28']);
  });

  it('keeps valid settings and an empty cap as null', () => {
    expect(approvalSettingsSchema.parse(withCap).profitabilityCap).toBe(20);
    const none = approvalSettingsSchema.parse({ ...withCap, profitabilityCap: null });
    expect(none.profitabilityCap).toBeNull();
    expect(approvalSettingsSchema.parse({ ...DEFAULT_APPROVAL_SETTINGS, inForceDate: '' })).toEqual(
      DEFAULT_APPROVAL_SETTINGS,
    );
  });

  it('keeps the economist optional and writes their phone as stored phones are', () => {
    const { economistName, economistPhone, ...earlier } = DEFAULT_APPROVAL_SETTINGS;
    // Settings stored before the economist was added read as none.
    expect(approvalSettingsSchema.parse(earlier)).toEqual(DEFAULT_APPROVAL_SETTINGS);
    expect(economistName + economistPhone).toBe('');
    const named = approvalSettingsSchema.parse({
      ...withCap,
      economistName: ' Оксана Петренко ',
      economistPhone: '0501234567',
    });
    expect([named.economistName, named.economistPhone]).toEqual([
      'Оксана Петренко',
      '+380 50 123 45 67',
    ]);
  });

  it.each([
    [{ profitabilityCap: -1 }, 'profitabilityCap', APPROVAL_SETTINGS_MESSAGES.cap],
    [{ profitabilityCap: 12.345 }, 'profitabilityCap', APPROVAL_SETTINGS_MESSAGES.cap],
    [{ capDecisionNumber: '' }, 'capDecisionNumber', APPROVAL_SETTINGS_MESSAGES.capDecisionNumber],
    [{ capDecisionDate: null }, 'capDecisionDate', APPROVAL_SETTINGS_MESSAGES.capDecisionDate],
    [{ capDecisionDate: '2025-02-30' }, 'capDecisionDate', APPROVAL_SETTINGS_MESSAGES.date],
    [{ inForceNumber: '12' }, 'inForceDate', APPROVAL_SETTINGS_MESSAGES.inForceDate],
    [{ inForceDate: '2024-01-10' }, 'inForceNumber', APPROVAL_SETTINGS_MESSAGES.inForceNumber],
    [
      { legalBasis: ['ст. 28', 'х'.repeat(501)] },
      'legalBasis.1',
      APPROVAL_SETTINGS_MESSAGES.tooLong('Правова підстава', 500),
    ],
    [{ approver: 'mayor' }, 'approver', APPROVAL_SETTINGS_MESSAGES.approver],
    [{ economistPhone: '12-34' }, 'economistPhone', REQUISITE_MESSAGES.phone],
    [{ economistPhone: 'тел. 0501234567' }, 'economistPhone', REQUISITE_MESSAGES.phone],
    [
      { economistName: 'х'.repeat(201) },
      'economistName',
      APPROVAL_SETTINGS_MESSAGES.tooLong('ПІБ економіста', 200),
    ],
  ])('refuses %j under %s', (change, path, message) => {
    const result = approvalSettingsSchema.safeParse({ ...withCap, ...change });
    expect(result.success).toBe(false);
    expect(
      result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
    ).toContainEqual([path, message]);
  });
});

describe('dates and decisions', () => {
  it('reads only real dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('01.02.2024')).toBe(false);
    expect(formatIsoDate('1996-09-17')).toBe('17.09.1996');
  });

  it.each([
    ['executive_committee', 'рішенням виконавчого комітету від 01.02.2026 № 15'],
    ['council', 'рішенням ради від 01.02.2026 № 15'],
    ['director_order', 'наказом директора від 01.02.2026 № 15'],
  ] as const)('names a decision of %s', (approver, text) => {
    expect(decisionReference(approver, { number: '15', date: '2026-02-01' })).toBe(text);
  });
});
