import { Card } from 'antd';
import type { ReactNode } from 'react';

/**
 * One block of a settings page under its own heading (the /company blocks «Затвердження тарифів», «Публічний
 * прейскурант», «Порівняння тарифів»): a card whose title is the block's `h2`, a gap above it.
 */
export function BlockCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{title}</h2>} style={{ marginTop: 24 }}>
      {children}
    </Card>
  );
}
