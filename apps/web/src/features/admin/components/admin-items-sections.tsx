import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The two sections sit under the page's own level-2 title, so they read smaller than it. */
const SECTION_TITLE_STYLE = { fontSize: 18 } as const;

/**
 * The admin's Materials and Units tabs (spec §2): the template items first, then the items companies made.
 */
export function AdminItemsSections({
  templates,
  companies,
}: {
  templates: ReactNode;
  companies: ReactNode;
}) {
  return (
    <>
      <Typography.Title level={3} style={SECTION_TITLE_STYLE}>
        З шаблонів
      </Typography.Title>
      {templates}
      <Typography.Title level={3} style={{ ...SECTION_TITLE_STYLE, marginTop: 32 }}>
        Інших закладів
      </Typography.Title>
      {companies}
    </>
  );
}
