import { describe, expect, it } from 'vitest';

import { revisionStatusText, revisionsSummary } from './revision-display';

describe('revision display', () => {
  it('names each revision by what it is', () => {
    const approvedAt = '2026-03-12T10:00:00.000Z';
    expect(revisionStatusText({ current: true, status: 'confirmed', approvedAt })).toBe('поточна');
    expect(revisionStatusText({ current: false, status: 'confirmed', approvedAt })).toBe(
      'погоджена 12.03.2026',
    );
    expect(revisionStatusText({ current: false, status: 'confirmed', approvedAt: null })).toBe(
      'погоджена',
    );
    expect(revisionStatusText({ current: false, status: 'sent', approvedAt: null })).toBe(
      'на погодженні',
    );
    expect(revisionStatusText({ current: false, status: 'formed', approvedAt: null })).toBe(
      'розрахована',
    );
    expect(revisionStatusText({ current: false, status: 'saved', approvedAt: null })).toBe(
      'не розрахована',
    );
  });

  it('lists the revisions in one line', () => {
    expect(
      revisionsSummary([
        { number: 1, current: false, status: 'confirmed', approvedAt: '2026-03-12T10:00:00.000Z' },
        { number: 2, current: true, status: 'saved', approvedAt: null },
      ]),
    ).toBe('Редакції: 1 — погоджена 12.03.2026; 2 — поточна');
  });
});
