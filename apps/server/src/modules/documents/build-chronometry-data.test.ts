import { describe, expect, it } from 'vitest';
import { WORKED_CONTENT, workedExampleSource } from '../../../test/document-fixtures';
import {
  buildChronometryData,
  chronometryDateOf,
  hasChronometryAct,
} from './build-chronometry-data';

/** The worked example with wizard step 2's chronometry checkbox ticked. */
function tickedSource() {
  const source = workedExampleSource();
  const [service] = source.services;
  if (!service) throw new Error('no service');
  service.content = { ...WORKED_CONTENT, chronometry: true };
  return { source, service };
}

describe('buildChronometryData', () => {
  it('lists each staff line’s position and minutes, their total, the date and the commission', () => {
    const { source, service } = tickedSource();
    source.calculation = { economist: 'Іваненко Марія', calculatedAt: '2026-11-24T22:30:00Z' };
    const data = buildChronometryData(source, service);
    expect(data.title).toBe('Акт хронометражу');
    expect(data.code).toBe('00042');
    expect(data.serviceName).toBe('УЗД органів черевної порожнини');
    expect(data.category).toBe('Ультразвукова діагностика');
    expect(data.institutionName).toBe('КНП «Міська клінічна лікарня № 1» Київської міської ради');
    // 22:30 UTC on the 24th is already the 25th in Kyiv.
    expect(data.date).toBe('25.11.2026');
    expect(data.lines).toEqual([
      { number: 1, position: 'Лікар ультразвукової діагностики', minutes: '30' },
      { number: 2, position: 'Сестра медична', minutes: '30' },
    ]);
    expect(data.total).toEqual({ label: 'Разом', minutes: '60' });
    expect(data.commission).toEqual([
      { position: 'Голова комісії', name: '' },
      { position: 'Член комісії', name: '' },
      { position: 'Член комісії', name: '' },
    ]);
    // Formed, not yet approved: every page's heading says so, as on the калькуляція.
    expect(data.heading.notApprovedMark).toBe('НЕ ПОГОДЖЕНО');
  });

  it('dates the act by the order when the source does not say when it was calculated', () => {
    const { source } = tickedSource();
    expect(chronometryDateOf(source)).toBe('22.11.2026');
    source.calculation = { economist: null, calculatedAt: null };
    expect(chronometryDateOf(source)).toBe('22.11.2026');
    source.calculation = { economist: null, calculatedAt: 'not a date' };
    expect(chronometryDateOf(source)).toBe('22.11.2026');
  });

  it('leaves out staff lines the калькуляція leaves out, numbering the rest as it does', () => {
    const { source, service } = tickedSource();
    const [doctor, nurse] = WORKED_CONTENT.stuff;
    if (!doctor || !nurse) throw new Error('the worked example has two staff lines');
    service.content = {
      ...service.content,
      stuff: [
        doctor,
        { ...nurse, quality: null, salary: null, timeSpend: 0 },
        { ...nurse, timeSpend: 12.5 },
      ],
    };
    service.cost = { ...service.cost, staffLines: ['81.63', '0.00', '20.87'] };
    const data = buildChronometryData(source, service);
    expect(data.lines.map((line) => [line.number, line.minutes])).toEqual([
      [1, '30'],
      [2, '12,5'],
    ]);
    expect(data.total.minutes).toBe('42,5');
  });

  it('comes with a калькуляція only when its checkbox is ticked', () => {
    const { service } = tickedSource();
    expect(hasChronometryAct(service)).toBe(true);
    expect(hasChronometryAct({ content: { ...WORKED_CONTENT, chronometry: false } })).toBe(false);
    expect(hasChronometryAct({ content: WORKED_CONTENT })).toBe(false);
  });
});
