import { describe, expect, it } from 'vitest';
import { emptyCompanyInfo, type CompanyInfo } from '../company/company-info.schema';
import { computeBedDayCosts } from './bed-day-costs';
import { INSTITUTION_B } from './institution-b.fixture';
import { WORKED_EXAMPLE_COMPANY_INFO } from './worked-example';

describe('computeBedDayCosts', () => {
  it('reproduces the worked example (its stay and food expenses are not given: 0)', () => {
    // Pool = 11,724,000 (as for K); S = 2,400 + 3,000 + 400 = 5,800; N = 120 × 365 = 43,800.
    // Stay: 3,000,000 × 1.22 + 11,724,000 × 3,000 / 5,800 = 3,660,000 + 6,064,137.931… = 282,000,000 / 29
    //   = 9,724,137.93 a year; / 43,800 = 222.0122… → 222.01 a bed-day.
    // Food: 600,000 × 1.22 + 11,724,000 × 400 / 5,800 = 732,000 + 808,551.724… = 44,676,000 / 29
    //   = 1,540,551.72 a year; / 43,800 = 35.1722… → 35.17 a bed-day.
    expect(computeBedDayCosts(WORKED_EXAMPLE_COMPANY_INFO)).toEqual({
      bedDays: 43_800,
      stayPerYear: '9724137.93',
      foodPerYear: '1540551.72',
      stayPerBedDay: '222.01',
      foodPerBedDay: '35.17',
    });
  });

  it('adds the stay and food expenses and their additional services', () => {
    // Stay: + 2,000,000 + 190,000 = 2,190,000 a year, + 50.00 a bed-day: 272.0122… → 272.01.
    // Food: + 1,500,000 + 90,000 = 1,590,000 a year, + 36.3013… a bed-day: 71.4736… → 71.47.
    expect(
      computeBedDayCosts({
        ...WORKED_EXAMPLE_COMPANY_INFO,
        inpatient_stay_costs: 2_000_000,
        additional_services_inpatient_stay_costs: 190_000,
        food_expenses: 1_500_000,
        additional_services_food_patients: 90_000,
      }),
    ).toEqual({
      bedDays: 43_800,
      stayPerYear: '11914137.93',
      foodPerYear: '3130551.72',
      stayPerBedDay: '272.01',
      foodPerBedDay: '71.47',
    });
  });

  it('divides the exact annual cost, with round shares of the pool', () => {
    // Pool = 1,500,000 × 1.22 + 2,000,000 + 800,000 + 200,000 + 1,000,000 × 1.22 + 300,000 + 100,000 = 6,450,000;
    // S = 1,500 + 1,000 + 500 = 3,000; N = 50 × 365 = 18,250.
    // Stay: 1,000,000 × 1.22 + 600,000 + 30,000 + 6,450,000 / 3 = 4,000,000; / 18,250 = 219.178… → 219.18.
    // Food: 500,000 × 1.22 + 400,000 + 20,000 + 6,450,000 / 6 = 2,105,000; / 18,250 = 115.342… → 115.34.
    // Institution B without its medical fund, leave payments and other direct expenses, with 50 beds.
    const info: CompanyInfo = {
      ...INSTITUTION_B,
      medical_staff_salary_fund: 0,
      actual_amount_for_leave_payment: 0,
      other_direct_expenses: 0,
      total_number_of_beds: 50,
      inpatient_stay_costs: 600_000,
      additional_services_inpatient_stay_costs: 30_000,
      food_expenses: 400_000,
      additional_services_food_patients: 20_000,
    };
    expect(computeBedDayCosts(info)).toEqual({
      bedDays: 18_250,
      stayPerYear: '4000000.00',
      foodPerYear: '2105000.00',
      stayPerBedDay: '219.18',
      foodPerBedDay: '115.34',
    });
  });

  it('rounds a per-bed-day figure half-up on an exact half kopeck', () => {
    // 7,303.65 a year for 2 beds: 7,303.65 / 730 = 10.005 exactly → 10.01 (binary floats give 10.00499…).
    expect((7_303.65 / 730).toFixed(2)).toBe('10.00');
    const cost = computeBedDayCosts({
      ...emptyCompanyInfo(),
      inpatient_stay_costs: 7_303.65,
      total_number_of_beds: 2,
    });
    expect(cost.bedDays).toBe(730);
    expect(cost.stayPerBedDay).toBe('10.01');
  });

  it('is null per bed-day, never a division by zero, when there are no beds', () => {
    for (const beds of [null, 0]) {
      const cost = computeBedDayCosts({
        ...WORKED_EXAMPLE_COMPANY_INFO,
        total_number_of_beds: beds,
      });
      expect(cost.bedDays).toBe(0);
      expect(cost.stayPerBedDay).toBeNull();
      expect(cost.foodPerBedDay).toBeNull();
      expect(cost.stayPerYear).toBe('9724137.93');
    }
  });

  it('gives the pool no share when the three areas are missing, and zeros for empty data', () => {
    // No areas: stay = 3,000,000 × 1.22 = 3,660,000 / 43,800 = 83.561… → 83.56; food 732,000 / 43,800 = 16.712… → 16.71.
    const noAreas = computeBedDayCosts({
      ...WORKED_EXAMPLE_COMPANY_INFO,
      medical_service_rooms_area: null,
      patient_bedwards_area: null,
      kitchen_and_canteen_area: null,
    });
    expect(noAreas).toMatchObject({
      stayPerYear: '3660000.00',
      foodPerYear: '732000.00',
      stayPerBedDay: '83.56',
      foodPerBedDay: '16.71',
    });
    expect(computeBedDayCosts(emptyCompanyInfo())).toEqual({
      bedDays: 0,
      stayPerYear: '0.00',
      foodPerYear: '0.00',
      stayPerBedDay: null,
      foodPerBedDay: null,
    });
  });

  it('splits the whole pool: the medical, bed-ward and kitchen shares add up to it', () => {
    // With no direct stay/food costs, stay + food per year = Pool × (bed-wards + kitchen) / S, and the medical
    // share Pool × 2,400 / 5,800 = 4,851,310.34… is the rest: 11,724,000 × 3,400 / 5,800 = 6,872,689.66.
    const cost = computeBedDayCosts({
      ...WORKED_EXAMPLE_COMPANY_INFO,
      supply_staff_salary_fund: 0,
      food_service_staff_salary_fund: 0,
    });
    expect(cost.stayPerYear).toBe('6064137.93');
    expect(cost.foodPerYear).toBe('808551.72');
  });
});
