import { Typography } from 'antd';
import type { ReactNode } from 'react';

import { APP_NAME } from '@/config/app-name';

// Note: kept here for the pages; the header and the landing page import it from config/app-name.ts, because
// importing this module would load antd's Typography on pages that do not show a PageTitle.
export { APP_NAME };

/**
 * The page's heading, also used as the browser tab title (React 19 hoists `<title>` into `<head>`). Level 2
 * is for a section inside a page that already has a level-1 heading (the admin tabs).
 */
export function PageTitle({
  children,
  extra,
  level = 1,
}: {
  children: string;
  extra?: ReactNode;
  level?: 1 | 2;
}) {
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
        marginBottom: 24,
      }}
    >
      <title>{`${children} — ${APP_NAME}`}</title>
      <Typography.Title level={level} style={{ fontSize: level === 1 ? 28 : 22, margin: 0 }}>
        {children}
      </Typography.Title>
      {extra}
    </div>
  );
}
