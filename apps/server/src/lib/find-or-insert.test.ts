import { describe, expect, it } from 'vitest';
import { findOrInsert } from './find-or-insert';

describe('findOrInsert', () => {
  it('answers the row found, without inserting', async () => {
    let inserts = 0;
    const result = await findOrInsert(
      'row',
      async () => 7,
      async () => {
        inserts += 1;
        return 8;
      },
    );
    expect(result).toEqual({ row: 7, created: false });
    expect(inserts).toBe(0);
  });

  it('inserts the row when none is found', async () => {
    expect(
      await findOrInsert(
        'row',
        async () => undefined,
        async () => 8,
      ),
    ).toEqual({
      row: 8,
      created: true,
    });
  });

  it('uses the row another request inserted meanwhile (the insert made nothing)', async () => {
    const found = [undefined, 9];
    expect(
      await findOrInsert(
        'row',
        async () => found.shift(),
        async () => undefined,
      ),
    ).toEqual({
      row: 9,
      created: false,
    });
  });

  it('throws, naming the row, when it is neither inserted nor found', async () => {
    await expect(
      findOrInsert(
        'standard unit "шт"',
        async () => undefined,
        async () => undefined,
      ),
    ).rejects.toThrow('standard unit "шт" neither inserted nor found');
  });
});
