import { describe, expect, it } from 'vitest';

import { parseStoredDraft } from './new-order-draft-storage';

const row = {
  key: 1,
  categoryId: 2,
  source: 'template',
  sourceId: 11,
  templateName: 'УЗД',
  templateId: 11,
};

describe('parseStoredDraft', () => {
  it('reads back a stored draft', () => {
    const draft = {
      name: 'Прайс',
      rows: [row, { ...row, key: 2, source: null, sourceId: null }],
      nextKey: 3,
    };
    expect(parseStoredDraft(JSON.stringify(draft))).toEqual(draft);
  });

  it('ignores anything that is not a draft, so the page starts a new one', () => {
    for (const text of [
      null,
      'not json',
      '[]',
      '{"name":"x","rows":[],"nextKey":0}',
      JSON.stringify({ name: 'x', rows: [{ ...row, source: 'other' }], nextKey: 2 }),
      JSON.stringify({ name: 'x', rows: [{ ...row, key: 5 }], nextKey: 2 }),
      JSON.stringify({ name: 'x', rows: [row, row], nextKey: 2 }),
      JSON.stringify({ name: 1, rows: [], nextKey: 1 }),
    ]) {
      expect(parseStoredDraft(text)).toBeUndefined();
    }
  });
});
