import { describe, expect, it } from 'vitest';
import { pathsOf } from '../common/schema-issues';
import { z } from '../common/zod';
import { emptyCompanyInfo } from '../company/company-info.schema';
import {
  changeOrderStatusInputSchema,
  newOrderInputSchema,
  orderDetailSchema,
} from './order.schema';

describe('changeOrderStatusInputSchema', () => {
  it('accepts the six stored values as they are', () => {
    for (const status of ['created', 'payed', 'saved', 'formed', 'sent', 'confirmed']) {
      expect(changeOrderStatusInputSchema.parse({ identifier: 'abc', status }).status).toBe(status);
    }
  });

  it('maps the admin spellings paid → payed and agreed → confirmed (spec §4)', () => {
    expect(changeOrderStatusInputSchema.parse({ identifier: 'abc', status: 'paid' }).status).toBe(
      'payed',
    );
    expect(changeOrderStatusInputSchema.parse({ identifier: 'abc', status: 'agreed' }).status).toBe(
      'confirmed',
    );
  });

  it('rejects an unknown status under `status` with a Ukrainian message', () => {
    const result = changeOrderStatusInputSchema.safeParse({
      identifier: 'abc',
      status: 'approved',
    });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['status']);
    expect(issue?.message).toBe('Невідомий статус замовлення.');
  });

  it('requires the identifier', () => {
    const result = changeOrderStatusInputSchema.safeParse({ status: 'paid' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['identifier']);
  });
});

describe('newOrderInputSchema', () => {
  it('defaults a blank entry to source null and sourceId null', () => {
    const parsed = newOrderInputSchema.parse({
      name: 'Калькуляція',
      calculations: [{ categoryId: 1, templateName: 'Послуга' }],
    });
    expect(parsed.calculations[0]).toMatchObject({ categoryId: 1, source: null, sourceId: null });
  });

  it('accepts the institution data the client read back unchanged (empty form included)', () => {
    const input = {
      name: 'Калькуляція',
      companyInfo: emptyCompanyInfo(),
      calculations: [{ categoryId: 1, templateName: 'Послуга' }],
    };
    const parsed = newOrderInputSchema.safeParse(JSON.parse(JSON.stringify(input)));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.companyInfo?.form).toBeNull();
  });

  it('needs at least one calculation and a name', () => {
    const result = newOrderInputSchema.safeParse({ name: ' ', calculations: [] });
    expect(result.success).toBe(false);
    expect(pathsOf(result)).toEqual(expect.arrayContaining(['name', 'calculations']));
  });
});

describe('orderDetailSchema', () => {
  it('encodes an answer (servers serialise responses with z.encode), institution data included', () => {
    const detail = {
      identifier: 'abc',
      number: 'З-2026-0001',
      name: 'Калькуляція',
      status: 'payed' as const,
      companyInfo: {
        ...emptyCompanyInfo(),
        name: 'КНП',
        form: 2 as const,
        total_number_of_beds: 40,
      },
      calculations: {
        Діагностика: [
          {
            id: 1,
            identifier: 'c1',
            code: '00001',
            categoryId: 1,
            name: 'УЗД',
            calculation: {
              bonus: 10,
              profit: 20,
              stuff: [
                {
                  quality: { id: null, name: 'Лікар' },
                  salary: null,
                  timeSpend: 5,
                  conditionPercent: 0,
                  workingDay: 8,
                },
              ],
              pills: [],
            },
          },
        ],
      },
      priceRounding: 'none' as const,
      revision: 1,
      version: 1,
    };
    expect(z.encode(orderDetailSchema, detail)).toEqual(detail);
  });
});
