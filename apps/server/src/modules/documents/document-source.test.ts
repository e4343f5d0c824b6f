import { describe, expect, it } from 'vitest';
import { formatDocumentDate, groupByCategory } from './document-source';
import { WORKED_CONTENT } from '../../../test/document-fixtures';

describe('formatDocumentDate', () => {
  it('writes the Kyiv date as dd.mm.yyyy, summer and winter time alike', () => {
    expect(formatDocumentDate(new Date('2026-11-21T21:59:00Z'))).toBe('21.11.2026');
    expect(formatDocumentDate(new Date('2026-11-21T22:00:00Z'))).toBe('22.11.2026');
    expect(formatDocumentDate(new Date('2026-07-01T20:59:00Z'))).toBe('01.07.2026');
    expect(formatDocumentDate(new Date('2026-07-01T21:00:00Z'))).toBe('02.07.2026');
  });
});

describe('groupByCategory', () => {
  it('keeps categories in order of first appearance and puts services without one together', () => {
    const service = (id: number, categoryName: string | null) => ({
      id,
      serviceNumber: id,
      categoryName,
      name: `П${id}`,
      content: WORKED_CONTENT,
      cost: {} as never,
    });
    const groups = groupByCategory([
      service(1, 'Б'),
      service(2, null),
      service(3, 'А'),
      service(4, 'Б'),
      service(5, ' '),
    ]);
    expect(groups.map((group) => [group.category, group.services.map((s) => s.id)])).toEqual([
      ['Б', [1, 4]],
      ['Без категорії', [2, 5]],
      ['А', [3]],
    ]);
  });
});
