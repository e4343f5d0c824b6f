import { Typography } from 'antd';
import type { ReactNode } from 'react';

import type { PagedQuery } from '@/components/ui/paged-table';
import type { RenderItemForm } from '@/components/ui/reference-list';
import { usePagedSearch, type PageParams } from '@/hooks/use-paged-search';

import { CompanyItemsTable, type CompanyItemsTableProps } from './company-items-table';
import {
  TemplateItemsSection,
  type TemplateItemCalls,
  type TemplateItemsSectionProps,
} from './template-items-section';

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

/**
 * One kind of item of the admin panel (materials or units): the admin API's hooks of its template list and its
 * calls, and of the companies' list and its copy into the templates, with what each list shows.
 */
export type AdminItemsKind<
  TRow extends { id: number; name: string },
  TCompanyRow extends { id: number; name: string; company: string },
  TInput,
  TValues,
> = {
  templates: Omit<
    TemplateItemsSectionProps<TRow, TInput, TValues>,
    'search' | 'query' | 'renderForm' | 'calls'
  > & {
    usePage: (params: PageParams) => PagedQuery<TRow>;
    useCreation: () => TemplateItemCalls<TInput>['creation'];
    useUpdate: () => TemplateItemCalls<TInput>['update'];
    useDeletion: () => TemplateItemCalls<TInput>['deletion'];
  };
  companies: Omit<CompanyItemsTableProps<TCompanyRow>, 'search' | 'query' | 'copy'> & {
    usePage: (params: PageParams) => PagedQuery<TCompanyRow>;
    useCopy: () => CompanyItemsTableProps<TCompanyRow>['copy'];
  };
};

/**
 * The admin's tab of one kind of item (spec §2 Admin panel → Materials, Units): {@link AdminItemsSections} with the
 * template items (searched and paged, created, edited, deleted, added for a company) and the items companies made
 * (searched and paged, copied into the templates). The item's form comes from the page.
 */
export function adminItemsTab<
  TRow extends { id: number; name: string },
  TCompanyRow extends { id: number; name: string; company: string },
  TInput,
  TValues,
>({
  templates: { usePage, useCreation, useUpdate, useDeletion, ...templates },
  companies: { usePage: useCompanyPage, useCopy, ...companies },
}: AdminItemsKind<TRow, TCompanyRow, TInput, TValues>) {
  function TemplateItems({ renderForm }: { renderForm: RenderItemForm<TInput, TValues> }) {
    const search = usePagedSearch();
    const query = usePage(search.params);
    const calls = { creation: useCreation(), update: useUpdate(), deletion: useDeletion() };
    return (
      <TemplateItemsSection<TRow, TInput, TValues>
        {...templates}
        search={search}
        query={query}
        renderForm={renderForm}
        calls={calls}
      />
    );
  }

  function CompanyItems() {
    const search = usePagedSearch();
    const query = useCompanyPage(search.params);
    const copy = useCopy();
    return (
      <CompanyItemsTable<TCompanyRow> {...companies} search={search} query={query} copy={copy} />
    );
  }

  return function AdminItemsTab({ renderForm }: { renderForm: RenderItemForm<TInput, TValues> }) {
    return (
      <AdminItemsSections
        templates={<TemplateItems renderForm={renderForm} />}
        companies={<CompanyItems />}
      />
    );
  };
}
