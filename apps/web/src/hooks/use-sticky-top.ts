import { useEffect, useState } from 'react';

/**
 * How far from the top of the window something sticky should stick, px: just under the app's header where that
 * header stays put (it is sticky from `md` up, index.css, and may wrap to two rows), at the very top where it
 * scrolls away (phones). Read from the page, since the layout owns that header.
 */
export function useStickyTop(): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('.app-header');
    if (header === null) return;
    const measure = () =>
      setTop(getComputedStyle(header).position === 'sticky' ? header.offsetHeight : 0);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return top;
}
