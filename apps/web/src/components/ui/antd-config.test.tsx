import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { REDUCED_MOTION_QUERY } from '@/hooks/use-reduced-motion';

import { AntdConfig } from './antd-config';

/** A `matchMedia` where the «reduce motion» query matches when `reduce` is set (and no other query does). */
function emulateMotionSetting(reduce: boolean) {
  const listMatching = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...listMatching(query),
    matches: reduce && query === REDUCED_MOTION_QUERY,
  }));
}

/** What antd's components read inside the app's theme: whether they animate, and how long a modal's zoom takes. */
function MotionProbe() {
  const { token } = theme.useToken();
  return (
    <p>
      motion: {String(token.motion)}; zoom: {token.motionDurationMid}
    </p>
  );
}

describe('AntdConfig and the system setting «reduce motion»', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('without the setting antd animates (its modals zoom, its dropdowns slide)', () => {
    emulateMotionSetting(false);
    render(
      <AntdConfig>
        <MotionProbe />
      </AntdConfig>,
    );
    expect(screen.getByText(/^motion:/).textContent).toBe('motion: true; zoom: 0.2s');
  });

  test('with the setting antd’s motion is off', () => {
    emulateMotionSetting(true);
    render(
      <AntdConfig>
        <MotionProbe />
      </AntdConfig>,
    );
    expect(screen.getByText(/^motion:/).textContent).toBe('motion: false; zoom: 0s');
  });
});
