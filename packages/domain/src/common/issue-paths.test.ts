import { describe, expect, it } from 'vitest';
import { z } from './zod';

import { issuePath, issuesByPath } from './issue-paths';

const schema = z
  .object({
    name: z.string().min(1, 'Назва обовʼязкова.').max(3, 'Задовга назва.'),
    rows: z.array(z.object({ minutes: z.number('Вкажіть хвилини.') })),
  })
  .refine((value) => value.rows.length > 0, 'Додайте рядок.');

const issuesOf = (value: unknown) => schema.safeParse(value).error?.issues ?? [];

describe('zod issues → field paths', () => {
  it('puts each message under its dotted path, in the schema’s order', () => {
    const issues = issuesOf({ name: '', rows: [{ minutes: 5 }, { minutes: 'п’ять' }] });
    expect(issues.map(issuePath)).toEqual(['name', 'rows.1.minutes']);
    expect(issuesByPath(issues)).toEqual({
      name: ['Назва обовʼязкова.'],
      'rows.1.minutes': ['Вкажіть хвилини.'],
    });
  });

  it('keeps an issue of the value itself under the root path it is given', () => {
    const issues = issuesOf({ name: 'УЗД', rows: [] });
    expect(issuesByPath(issues)).toEqual({ '': ['Додайте рядок.'] });
    expect(issuesByPath(issues, 'rows')).toEqual({ rows: ['Додайте рядок.'] });
  });
});
