import { describe, expect, it } from 'vitest';
import { issuesOf } from './schema-issues';
import { z } from './zod';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  companyParamsSchema,
  companyRowParamsSchema,
  idParamsSchema,
  lastPageOf,
  MAX_SEARCH_LENGTH,
  pageQuerySchema,
  pagedResponseSchema,
} from './pagination';
import { CONTROL_CHARACTER_MESSAGE } from './fields';

describe('pageQuerySchema', () => {
  it('defaults to the first page of 10 with no search', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, perPage: 10, search: '' });
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it('reads query text as numbers and accepts every page size the tables offer', () => {
    expect(PAGE_SIZES).toEqual([5, 10, 15, 20, 25]);
    for (const size of PAGE_SIZES) {
      expect(pageQuerySchema.parse({ page: '3', perPage: String(size) })).toMatchObject({
        page: 3,
        perPage: size,
      });
    }
  });

  it('falls back to the defaults for a bad page or size instead of failing', () => {
    expect(pageQuerySchema.parse({ page: '0', perPage: '7' })).toMatchObject({
      page: 1,
      perPage: 10,
    });
    expect(pageQuerySchema.parse({ page: '-2', perPage: '100' })).toMatchObject({
      page: 1,
      perPage: 10,
    });
    expect(pageQuerySchema.parse({ page: 'abc', perPage: 'x' })).toMatchObject({
      page: 1,
      perPage: 10,
    });
    expect(pageQuerySchema.parse({ page: '1.5' })).toMatchObject({ page: 1 });
  });

  it('trims the search and keeps Ukrainian letters as typed', () => {
    expect(pageQuerySchema.parse({ search: '  Гель ' }).search).toBe('Гель');
  });

  it('cuts a search longer than 200 characters instead of dropping it', () => {
    expect(pageQuerySchema.parse({ search: 'ґ'.repeat(201) }).search).toBe(
      'ґ'.repeat(MAX_SEARCH_LENGTH),
    );
    expect(pageQuerySchema.parse({ search: `  ${'a'.repeat(199)} bcd` }).search).toBe(
      'a'.repeat(199),
    );
    // Characters, not UTF-16 units: an emoji is never cut in half.
    expect(pageQuerySchema.parse({ search: '😀'.repeat(300) }).search).toBe('😀'.repeat(200));
  });

  it('takes the first of repeated search values', () => {
    expect(pageQuerySchema.parse({ search: ['Гель', 'x'] }).search).toBe('Гель');
  });

  it('refuses a NUL character with a message under search', () => {
    const result = pageQuerySchema.safeParse({ search: 'a\u0000b' });
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toEqual([['search', CONTROL_CHARACTER_MESSAGE]]);
  });
});

describe('lastPageOf', () => {
  it('is at least 1, even for no rows', () => {
    expect(lastPageOf(0, 10)).toBe(1);
    expect(lastPageOf(1, 10)).toBe(1);
  });

  it('rounds partial pages up', () => {
    expect(lastPageOf(10, 10)).toBe(1);
    expect(lastPageOf(11, 10)).toBe(2);
    expect(lastPageOf(12, 5)).toBe(3);
    expect(lastPageOf(25, 25)).toBe(1);
  });
});

describe('pagedResponseSchema', () => {
  const schema = pagedResponseSchema(z.object({ id: z.number() }));

  it('accepts { data, meta: { currentPage, lastPage } }', () => {
    const page = { data: [{ id: 1 }], meta: { currentPage: 1, lastPage: 3 } };
    expect(schema.parse(page)).toEqual(page);
  });

  it('refuses a page without meta or with wrong items', () => {
    expect(schema.safeParse({ data: [] }).success).toBe(false);
    expect(
      schema.safeParse({ data: [{ id: 'x' }], meta: { currentPage: 1, lastPage: 1 } }).success,
    ).toBe(false);
  });
});

describe('path parameter schemas', () => {
  it('reads ids as positive integers', () => {
    expect(idParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
    for (const id of ['0', '-1', '1.5', 'abc'])
      expect(idParamsSchema.safeParse({ id }).success).toBe(false);
    expect(companyRowParamsSchema.parse({ companyIdentifier: 'abc123', id: '4' })).toEqual({
      companyIdentifier: 'abc123',
      id: 4,
    });
  });

  it('requires a company identifier', () => {
    expect(companyParamsSchema.safeParse({ companyIdentifier: '' }).success).toBe(false);
    expect(companyParamsSchema.safeParse({ companyIdentifier: 'x'.repeat(65) }).success).toBe(
      false,
    );
  });
});
