import { describe, expect, it } from 'vitest';
import {
  fieldErrorsRecord,
  isQualificationOutsideStaffTable,
  qualificationOutsideStaffTableMessage,
  wireMessage,
  withoutSubject,
  type FieldError,
} from './field-error';

const line = { kind: 'line', category: 'УЗД', index: 0, section: 'stuff', line: 1 } as const;

describe('fieldErrorsRecord', () => {
  it('keys each message by its path, the first of a path winning, with its subject said first', () => {
    const errors: FieldError[] = [
      {
        place: { kind: 'institution', field: 'overhead_percent' },
        message: 'А.',
        subject: 'institution',
      },
      { place: { ...line, field: 'quality' }, message: 'Б.', subject: { service: 'Перша' } },
      { place: { ...line, field: 'quality' }, message: 'В.', subject: { service: 'Перша' } },
      { place: { kind: 'order', field: 'calculations' }, message: 'Г.' },
    ];
    const record = fieldErrorsRecord(errors);
    expect(record).toEqual({
      'companyInfo.overhead_percent': ['Дані закладу: А.'],
      'calculations.УЗД.0.calculation.stuff.1.quality': ['Послуга «Перша»: Б.'],
      calculations: ['Г.'],
    });
    expect(Object.keys(record)).toEqual([
      'companyInfo.overhead_percent',
      'calculations.УЗД.0.calculation.stuff.1.quality',
      'calculations',
    ]);
  });
});

describe('withoutSubject', () => {
  it.each<FieldError['subject']>([
    undefined,
    'institution',
    { service: 'УЗД' },
    { service: 'Назва «у лапках»' },
    { service: 'Назва з «»: усередині' },
  ])('gives back the message %j put its subject before', (subject) => {
    const message = 'Персонал, рядок 2: посади «Лікар» немає у штатному розписі закладу.';
    const travelled = wireMessage({ place: line, message, subject });
    if (subject !== undefined) expect(travelled).not.toBe(message);
    // A name holding «»: is cut at its first »: — no reader could tell where such a name ends.
    if (typeof subject === 'object' && subject.service.includes('»: ')) return;
    expect(withoutSubject(travelled)).toBe(message);
  });

  it('leaves a message without a subject as it is', () => {
    expect(withoutSubject('Оберіть посаду: «Лікар».')).toBe('Оберіть посаду: «Лікар».');
  });
});

describe('isQualificationOutsideStaffTable', () => {
  it('is a named qualification without a row of the staffing table', () => {
    expect(isQualificationOutsideStaffTable({ quality: { id: null, name: 'Сестра' } })).toBe(true);
    expect(isQualificationOutsideStaffTable({ quality: { id: 3, name: 'Сестра' } })).toBe(false);
  });

  it('is not a qualification not chosen at all (validateForCalculation says that)', () => {
    expect(isQualificationOutsideStaffTable({ quality: null })).toBe(false);
    expect(isQualificationOutsideStaffTable({ quality: { id: null, name: '  ' } })).toBe(false);
  });

  it('has the final check’s message, by line number from 1', () => {
    expect(qualificationOutsideStaffTableMessage(2, 'Сестра')).toBe(
      'Персонал, рядок 2: посади «Сестра» немає у штатному розписі закладу, оберіть кваліфікацію.',
    );
  });
});
