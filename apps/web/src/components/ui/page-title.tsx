import { Typography } from 'antd';
import type { ReactNode } from 'react';

export const APP_NAME = 'MedCalc';

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
