import type { ImportTable } from '@medcalc/domain';
import type { ReactNode } from 'react';

import { PageTitle } from '@/components/ui/page-title';
import { ReadOnlyNotice } from '@/components/ui/read-only-notice';

import { SpreadsheetActions } from './spreadsheet-actions';

/**
 * The page of one of the company's own tables (materials, units, the staffing table): its title, the notice a
 * read-only member sees, what stands above the table's spreadsheet buttons (`intro`), the buttons, then the table.
 */
export function CompanyTablePage({
  title,
  table,
  companyIdentifier,
  intro,
  children,
}: {
  title: string;
  table: ImportTable;
  companyIdentifier: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <ReadOnlyNotice />
      {intro}
      <SpreadsheetActions target={{ scope: 'company', table, companyIdentifier }} />
      {children}
    </>
  );
}
