import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

import { APP_NAME } from '@/components/ui/page-title';

/** A centred card for the sign-in, registration and password pages. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="auth-page">
      <title>{`${title} — ${APP_NAME}`}</title>
      <Card className="auth-card">
        <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
          {title}
        </Typography.Title>
        {description ? (
          <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
        ) : null}
        {children}
      </Card>
    </div>
  );
}
