import { describe, expect, it } from 'vitest';
import { createKeptRows } from './kept-rows';

/** A table of one row per key, read asynchronously; counts the reads and can hold one until released. */
function fakeTable() {
  const values = new Map<string, number>([['a', 1]]);
  const state = { reads: 0, hold: null as Promise<void> | null };
  const read = async (key: string) => {
    state.reads += 1;
    const seen = values.get(key);
    if (state.hold) await state.hold;
    return seen === undefined ? undefined : { value: seen };
  };
  return { values, state, kept: createKeptRows(read) };
}

describe('rows kept until the next write (the embedded database’s public reads)', () => {
  it('reads a key once until a write forgets it', async () => {
    const { values, state, kept } = fakeTable();
    expect(await kept.find('a')).toEqual({ value: 1 });
    expect(await kept.find('a')).toEqual({ value: 1 });
    expect(state.reads).toBe(1);
    values.set('a', 2);
    kept.forget();
    expect(await kept.find('a')).toEqual({ value: 2 });
    expect(state.reads).toBe(2);
  });

  it('does not keep misses', async () => {
    const { values, state, kept } = fakeTable();
    expect(await kept.find('b')).toBeUndefined();
    values.set('b', 5);
    expect(await kept.find('b')).toEqual({ value: 5 });
    expect(state.reads).toBe(2);
  });

  it('answers but does not keep a read that a write began or ended during', async () => {
    const { values, state, kept } = fakeTable();
    let release = () => {};
    state.hold = new Promise((resolve) => {
      release = resolve;
    });
    const during = kept.find('a');
    // The write commits while the read (which saw the old value) is still under way.
    values.set('a', 3);
    kept.forget();
    state.hold = null;
    release();
    expect(await during).toEqual({ value: 1 });
    // The old value was not kept: the next read reads again and sees the write.
    expect(await kept.find('a')).toEqual({ value: 3 });
    expect(state.reads).toBe(2);
  });
});
