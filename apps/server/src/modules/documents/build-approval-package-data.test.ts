import { describe, expect, it } from 'vitest';
import { DEFAULT_APPROVAL_SETTINGS, type ApprovalSettings } from '@medcalc/domain';
import { buildApprovalPackageData, signatoryOf } from './build-approval-package-data';
import { buildComparisonData } from './build-comparison-data';
import { comparisonSource, pricedOrder } from './revision-fixtures';

const SETTINGS: ApprovalSettings = {
  ...DEFAULT_APPROVAL_SETTINGS,
  bodyName: 'Виконавчий комітет Київської міської ради',
  place: 'м. Київ',
  profitabilityCap: 14,
  capDecisionNumber: '7',
  capDecisionDate: '2025-01-15',
};

describe('buildApprovalPackageData', () => {
  it('prints annex 1 with the прейскурант’s figures: tariff без ПДВ, ПДВ, rounding and the final tariff', () => {
    const source = pricedOrder();
    const data = buildApprovalPackageData({
      source,
      settings: SETTINGS,
      comparison: null,
      inForce: null,
      withCostings: true,
    });
    // The worked example is taxed (ПДВ 20 %), the consultation is not; both are rounded to 0,50 грн.
    expect(data.annex1.table.rows).toEqual([
      ['00042', 'УЗД органів черевної порожнини', 'послуга', '279,84', '55,97', '0,19', '336,00'],
      ['00043', 'Консультація', 'послуга', '273,27', 'без ПДВ', '0,23', '273,50'],
    ]);
    expect(data.annex2?.costings).toHaveLength(source.services.length);
    // The consultation's 12,3 % is below the cap of 14 %; the worked example's 15 % is above it.
    expect(data.note.profitability[1]).toBe(
      `Граничний норматив рентабельності — 14 % (рішення від 15.01.2025 № 7); його перевищують: ${source.services[0]?.name ?? ''}.`,
    );
    // Without an earlier decision there is no «втратило чинність» point.
    expect(data.decision.points).toHaveLength(3);
    expect(data.decision.heading).toBe('РІШЕННЯ');
    expect(data.decision.signature.position).toBe('Міський голова');
  });

  it('prints the note’s tariffs with the comparison’s figures and names the decision in force', () => {
    const comparison = comparisonSource();
    const data = buildApprovalPackageData({
      source: comparison.after,
      settings: { ...SETTINGS, approver: 'director_order' },
      comparison,
      inForce: { approver: 'executive_committee', number: '15', date: '2026-02-01' },
      withCostings: false,
    });
    const compared = buildComparisonData(comparison);
    // A service dropped or added has a dash where it has no tariff.
    expect(data.note.tariffs.rows).toEqual([
      ['00042', 'УЗД органів черевної порожнини', '279,84', '336,00', '+56,16', '+20,07 %'],
      ['00044', 'Стара послуга', '279,84', '—', '—', '—'],
      ['00043', 'Консультація лікаря', '279,84', '280,00', '+0,16', '+0,06 %'],
      ['00045', 'Нова послуга', '—', '280,00', '—', '—'],
    ]);
    expect(data.note.tariffs.total?.slice(2)).toEqual([
      compared.total.tariffBefore,
      compared.total.tariffAfter,
      compared.total.delta,
      compared.total.deltaPercent,
    ]);
    expect(data.annex2).toBeNull();
    expect(data.decision.heading).toBe('НАКАЗ');
    expect(data.decision.points[1]).toBe(
      '2. Визнати таким, що втратило чинність, рішення виконавчого комітету від 01.02.2026 № 15 «Про встановлення тарифів на платні медичні послуги».',
    );
    expect(data.note.reasons.slice(1)).toEqual(compared.changes);
  });

  it.each([
    ['Виконавчий комітет Запорізької міської ради', 'Міський голова'],
    ['Житомирська обласна рада', 'Голова обласної ради'],
    ['Виконавчий комітет Іванівської сільської ради', 'Сільський голова'],
  ])('names the head of «%s» as the signatory', (bodyName, position) => {
    expect(signatoryOf({ approver: 'executive_committee', bodyName })).toBe(position);
  });
});
