import { describe, expect, it } from 'vitest';
import { workedExampleSource } from '../../../test/document-fixtures';
import { buildPageHeading, revisionLabelOf } from './page-heading';
import { REVISION_2_HEADING } from './revision-fixtures';

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
    expect(buildPageHeading(source)).toEqual(REVISION_2_HEADING);
  });
});
