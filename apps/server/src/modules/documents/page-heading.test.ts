import { describe, expect, it } from 'vitest';
import { workedExampleSource } from '../../../test/document-fixtures';
import { buildPageHeading, revisionLabelOf } from './page-heading';

describe('buildPageHeading', () => {
  it('names the revision from the second on, and nothing for the first or an absent one', () => {
    expect([undefined, 1, 2, 17].map(revisionLabelOf)).toEqual([
      null,
      null,
      'Редакція 2',
      'Редакція 17',
    ]);
  });

  it('is the documents’ heading with the revision', () => {
    const source = workedExampleSource();
    source.order.revision = 2;
    expect(buildPageHeading(source)).toEqual({
      institutionName: 'КНП «Міська клінічна лікарня № 1» Київської міської ради',
      institutionCode: '00032129',
      orderName: 'Платні послуги 2027',
      orderDate: '22.11.2026',
      notApprovedMark: 'НЕ ЗАТВЕРДЖЕНО',
      revisionLabel: 'Редакція 2',
    });
  });
});
