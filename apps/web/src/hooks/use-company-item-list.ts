import type { PagedQuery } from '@/components/ui/paged-table';
import { companyItemCalls, type CompanyItemMutations } from '@/components/ui/reference-list';

import { useMemberCan } from './use-member-can';
import { usePagedSearch, type PageParams } from './use-paged-search';

/** A company's own list of one kind of reference item: the features' hooks of its page and its calls. */
type CompanyItemHooks<TRow, TInput> = {
  usePage: (params: PageParams & { companyIdentifier: string }) => PagedQuery<TRow>;
  useCreation: () => CompanyItemMutations<TInput>['creation'];
  useUpdate: () => CompanyItemMutations<TInput>['update'];
  useDeletion: () => CompanyItemMutations<TInput>['deletion'];
};

/**
 * The `ReferenceList` props of a company's own items (its units, its materials): the search and the page it shows,
 * the create, update and delete calls made for `companyIdentifier`, and whether the member only reads the list
 * (issue 22: a «Перегляд» member).
 */
export function useCompanyItemList<TRow, TInput>(
  companyIdentifier: string,
  { usePage, useCreation, useUpdate, useDeletion }: CompanyItemHooks<TRow, TInput>,
) {
  const search = usePagedSearch();
  const query = usePage({ companyIdentifier, ...search.params });
  const creation = useCreation();
  const update = useUpdate();
  const deletion = useDeletion();
  const canEdit = useMemberCan('edit');
  return {
    isReadOnly: !canEdit,
    search,
    query,
    ...companyItemCalls(companyIdentifier, { creation, update, deletion }),
  };
}
