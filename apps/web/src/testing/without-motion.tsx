import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * Turns antd's animations off inside a test: jsdom fires no `transitionend`, so a closing modal would stay
 * in the DOM in its leave state forever and "the modal closed" could not be asserted.
 */
export function WithoutMotion({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider>;
}
