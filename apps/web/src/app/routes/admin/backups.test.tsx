import type { BackupEntry, BackupsAnswer } from '@medcalc/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, jsonResponse, renderAtRoot, testAdmin } from '@/testing/test-utils';

import AdminBackupsRoute from './backups';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = (over: Partial<BackupEntry>): BackupEntry => ({
  name: 'medcalc-2026-11-29T03-00-00.tar.gz',
  kind: 'pglite',
  trigger: 'schedule',
  status: 'proven',
  startedAt: '2026-11-29T03:00:00.000Z',
  finishedAt: '2026-11-29T03:00:04.000Z',
  durationMs: 4000,
  size: 3 * 1024 * 1024,
  counts: { 'public.orders': 5, 'public.users': 2 },
  check: { ok: true, durationMs: 1500, problems: [] },
  error: null,
  downloads: [],
  ...over,
});

const CHECK_FAILED =
  'Перевірка відновленням не пройдена: table public.orders has 4 rows, the backup recorded 5';
const REFUSED =
  'Резервну копію не створено: на диску залишилося б менше 10 % вільного місця (вільно 90.0 MB з 1000.0 MB, потрібно близько 3.0 MB).';

const ANSWER: BackupsAnswer = {
  busy: false,
  schedule: '03:00',
  keep: 14,
  entries: [
    entry({
      name: 'medcalc-2026-11-29T05-00-00.tar.gz',
      startedAt: '2026-11-29T05:00:00.000Z',
      trigger: 'admin',
      status: 'refused',
      size: 0,
      counts: {},
      check: null,
      error: REFUSED,
    }),
    entry({
      name: 'medcalc-2026-11-29T04-00-00.tar.gz',
      startedAt: '2026-11-29T04:00:00.000Z',
      status: 'failed',
      check: { ok: false, durationMs: 1200, problems: ['table public.orders has 4 rows'] },
      error: CHECK_FAILED,
    }),
    entry({}),
  ],
};

/** The table row that holds `text`. */
const rowOf = async (text: string) => {
  const cell = await screen.findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row;
};

describe('«Резервні копії» (issue 40)', () => {
  it('shows a failed check and a refused backup in red with the reason, a proven one in green', async () => {
    fakeApi((call) =>
      call.method === 'GET' && call.path === '/api/administrator/backups'
        ? jsonResponse(200, ANSWER)
        : undefined,
    );
    renderAtRoot(<AdminBackupsRoute />, { user: testAdmin });

    const failed = await rowOf(CHECK_FAILED);
    expect(within(failed).getByText('Помилка')).toHaveClass('ant-tag-red');
    expect(within(failed).getByText(CHECK_FAILED)).toHaveClass('ant-typography-danger');
    // The file was written: it can still be downloaded (to look at why its check failed).
    expect(within(failed).getByRole('link', { name: 'Завантажити' })).toBeInTheDocument();

    const refused = await rowOf(REFUSED);
    expect(within(refused).getByText('Не створено')).toHaveClass('ant-tag-red');
    expect(within(refused).getByText(REFUSED)).toHaveClass('ant-typography-danger');
    // Nothing was written: no size, no download.
    expect(within(refused).queryByRole('link')).toBeNull();
    expect(within(refused).getByText('адміністратором')).toBeInTheDocument();

    const proven = await rowOf('Перевірено відновленням');
    expect(within(proven).getByText('Перевірено відновленням')).toHaveClass('ant-tag-green');
    expect(proven.querySelector('.ant-typography-danger')).toBeNull();
    expect(within(proven).getByText('таблиць: 2, рядків: 7')).toBeInTheDocument();
  });
});
