import { ConfigProvider, type ThemeConfig } from 'antd';
import ukUA from 'antd/locale/uk_UA';
import dayjs from 'dayjs';
import 'dayjs/locale/uk';
import type { ReactNode } from 'react';

import { usePrefersReducedMotion } from '@/hooks/use-reduced-motion';

dayjs.locale('uk');

/** The app's blue: primary buttons, links, the current tab. 5.3:1 on white. */
const PRIMARY = '#0b6bcb';

/**
 * A hovered primary button keeps its white text readable (issue 35's axe run found it under the pointer): antd
 * derives the hover shade from PRIMARY as #2e89d9, 3.7:1 under white text; this one is 7.1:1.
 */
const PRIMARY_HOVER = '#0958a8';

/**
 * Issue 21 (WCAG 2.1 AA, 1.4.3): every colour antd draws text in, in one place, at least 4.5:1 on white and on
 * antd's light greys (#fafafa table headers, #f5f5f5 fills). antd's defaults are lighter: descriptions, secondary
 * text and breadcrumbs black at 45 % (3.4:1), placeholders at 25 % (1.8:1), links #1677ff (4.1:1), errors #ff4d4f
 * (3.3:1). Disabled text (colorTextDisabled, 25 %) stays light: WCAG exempts inactive controls.
 */
const TEXT_COLOURS = {
  colorLink: PRIMARY,
  colorLinkHover: PRIMARY_HOVER,
  colorLinkActive: '#084a8c',
  colorInfo: PRIMARY,
  // 5.7:1 on white, 5.2:1 on #f5f5f5.
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  // 5.1:1 on white: a placeholder is read as a hint, so it counts as text.
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
  // Danger buttons, field errors, the danger menu item: 5.6:1 on white.
  colorError: '#cf1322',
  // `Typography type="success|warning"` (and antd's other success/warning text): antd's own green-8 and orange-8,
  // 5.6:1 and 5.4:1 on white, 5.1:1 and 5.0:1 on #f5f5f5, where the defaults (#52c41a, #faad14) give 2.3:1 and 1.9:1.
  colorSuccessText: '#237804',
  colorWarningText: '#ad4e00',
} satisfies ThemeConfig['token'];

const THEME = {
  token: {
    colorPrimary: PRIMARY,
    colorPrimaryHover: PRIMARY_HOVER,
    borderRadius: 8,
    fontSize: 15,
    ...TEXT_COLOURS,
  },
  components: {
    // A status Tag («Погоджено», a warning) writes its text in colorSuccess / colorWarning, 2.2:1 and 1.8:1 on its
    // tint (found by issue 35's axe run on an approved order's card); inside Tag only they take the text shades.
    Tag: {
      colorSuccess: TEXT_COLOURS.colorSuccessText,
      colorWarning: TEXT_COLOURS.colorWarningText,
    },
  },
} satisfies ThemeConfig;

/**
 * The same theme without antd's motion (its modals' zoom, dropdowns' slide, tabs' ink bar), for a user whose
 * system asks for reduced motion (WCAG 2.1, 2.3.3): antd's own CSS ignores `prefers-reduced-motion`.
 */
const THEME_WITHOUT_MOTION: ThemeConfig = { ...THEME, token: { ...THEME.token, motion: false } };

/**
 * antd's locale and the app's theme. The landing page renders no antd component (docs/performance.md "Landing
 * page"), so this wraps the pages' shell (`app/antd-shell.tsx`) and each antd piece that can show outside it:
 * the header's account menu and phone drawer and the router's error page, all loaded on first use. Motion follows
 * the system's «reduce motion» setting as it changes.
 */
export function AntdConfig({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={ukUA} theme={reducedMotion ? THEME_WITHOUT_MOTION : THEME}>
      {children}
    </ConfigProvider>
  );
}
