import { Grid } from 'antd';
import { createContext, useContext } from 'react';

/**
 * The kind of screen a page is drawn for on the server (issue 39, app/server-render.tsx), guessed from the browser's
 * own word (`Sec-CH-UA-Mobile`, the user agent): a server knows no window to measure. Unset in the browser.
 */
export type DrawnScreen = 'phone' | 'desktop';
export const DrawnScreenContext = createContext<DrawnScreen | undefined>(undefined);

/** antd's breakpoints that hold on each guessed screen: a phone is below 576 px, a laptop from 1,200 px. */
const GUESSED: Record<DrawnScreen, ReturnType<typeof Grid.useBreakpoint>> = {
  phone: { xs: true, sm: false, md: false, lg: false, xl: false, xxl: false },
  desktop: { xs: false, sm: true, md: true, lg: true, xl: true, xxl: false },
};

/**
 * antd's `Grid.useBreakpoint()`, which in the browser measures the window; drawn on the server, where it answers
 * nothing, the breakpoints of the screen guessed for the visitor, so that the page the app takes over has the layout
 * the app then draws (the wizard's step bar in one row on a laptop, not two).
 */
export function useBreakpoints(): ReturnType<typeof Grid.useBreakpoint> {
  const screens = Grid.useBreakpoint();
  const drawnFor = useContext(DrawnScreenContext);
  return drawnFor !== undefined && Object.keys(screens).length === 0 ? GUESSED[drawnFor] : screens;
}
