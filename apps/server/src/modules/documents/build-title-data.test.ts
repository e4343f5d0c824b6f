import { describe, expect, it } from 'vitest';
import { emptyCompanyInfo } from '@medcalc/domain';
import { WORKED_INFO, workedExampleSource } from '../../../test/document-fixtures';
import { TITLE_HEADING, buildTitleData } from './build-title-data';

describe('buildTitleData', () => {
  it('names the institution, its code, the order, its Kyiv date and the head who approves', () => {
    const data = buildTitleData(workedExampleSource({ orderName: 'Платні послуги 2027' }));
    expect(data.title).toBe(TITLE_HEADING);
    expect(data.title).toBe('Калькуляції вартості платних медичних послуг');
    expect(data.institutionName).toBe(WORKED_INFO.name);
    expect(data.institutionCode).toBe('00032129');
    expect(data.address).toBe('м. Київ, вул. Ґалаґана, 14');
    expect(data.orderName).toBe('Платні послуги 2027');
    // Placed at 22:30 UTC on 21 November: already 22 November in Kyiv.
    expect(data.orderDate).toBe('22.11.2026');
    expect(data.serviceCount).toBe(1);
    expect(data.approval).toMatchObject({
      caption: 'ЗАТВЕРДЖУЮ',
      position: 'Керівник закладу',
      name: 'Петренко Ольга Іванівна',
    });
    expect(data.heading).toMatchObject({
      institutionName: WORKED_INFO.name,
      institutionCode: '00032129',
      orderName: 'Платні послуги 2027',
      orderDate: '22.11.2026',
    });
  });

  it('carries the «НЕ ПОГОДЖЕНО» mark while formed or sent, and drops it once confirmed', () => {
    expect(buildTitleData(workedExampleSource({ status: 'formed' })).notApprovedMark).toBe(
      'НЕ ПОГОДЖЕНО',
    );
    expect(buildTitleData(workedExampleSource({ status: 'sent' })).heading.notApprovedMark).toBe(
      'НЕ ПОГОДЖЕНО',
    );
    const confirmed = buildTitleData(workedExampleSource({ status: 'confirmed' }));
    expect(confirmed.notApprovedMark).toBeNull();
    expect(confirmed.heading.notApprovedMark).toBeNull();
  });

  it('falls back to the registered name and dashes when the institution data is empty', () => {
    const data = buildTitleData(workedExampleSource({ info: emptyCompanyInfo() }));
    expect(data.institutionName).toBe('КНП «Лікарня»');
    expect(data.institutionCode).toBe('—');
    expect(data.address).toBe('—');
    expect(data.approval.name).toBe('');
  });
});
