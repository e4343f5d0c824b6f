import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { useKeyboardScroll } from '@/hooks/use-keyboard-scroll';

// jsdom lays nothing out (every scrollWidth is 0): the scroll container's width is set here, as chromium would
// measure a table wider than its column.
let contentWidth = 0;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('ant-table-content') ? contentWidth : 0;
    },
  });
});
afterAll(() => {
  // jsdom's own getter lives on Element.prototype and shows again.
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollWidth');
});
afterEach(() => {
  contentWidth = 0;
});

function Table({ rows }: { rows: number }) {
  const ref = useKeyboardScroll('Власні матеріали');
  return (
    <div role="region" aria-label="Власні матеріали" ref={ref}>
      <div className="ant-table-content" data-testid="scroller">
        <table>
          <tbody>
            {Array.from({ length: rows }, (_, index) => (
              <tr key={index}>
                <td>Рядок {index + 1}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

describe('useKeyboardScroll (issue 21, axe scrollable-region-focusable)', () => {
  it('makes a sideways-scrolling table a named tab stop, and drops it once the table fits', async () => {
    contentWidth = 900;
    const { rerender } = render(<Table rows={1} />);
    const scroller = screen.getByTestId('scroller');
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toHaveAttribute('role', 'group');
    expect(scroller).toHaveAccessibleName('Власні матеріали');

    // The rows change (a new page, a narrower column set): the container is measured again.
    contentWidth = 0;
    rerender(<Table rows={2} />);
    await waitFor(() => expect(scroller).not.toHaveAttribute('tabindex'));
    expect(scroller).not.toHaveAttribute('role');
    expect(scroller).not.toHaveAttribute('aria-label');
  });

  it('leaves a table that fits out of the tab order', () => {
    render(<Table rows={3} />);
    expect(screen.getByTestId('scroller')).not.toHaveAttribute('tabindex');
  });
});
