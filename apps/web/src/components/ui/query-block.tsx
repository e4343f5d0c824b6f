import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';

import { LoadError } from './load-error';
import { LoadingBlock } from './loading-block';

/** The props of a company's block editor, which starts from what its query read (see {@link companyQueryBlock}). */
export type CompanyEditorProps<TData> = { companyIdentifier: string; initial: TData };

/**
 * A company's block that edits what one query reads (the institution data, the approval settings, the public price
 * list, the tariff comparison participation): a skeleton of `rows` lines named `label` while the data loads, `LoadError` with a retry when the read
 * failed, else `Editor` started from the data.
 */
export function companyQueryBlock<TData>(
  useData: (companyIdentifier: string) => UseQueryResult<TData>,
  Editor: ComponentType<CompanyEditorProps<TData>>,
  { label, rows }: { label: string; rows: number },
) {
  return function CompanyQueryBlock({ companyIdentifier }: { companyIdentifier: string }) {
    const query = useData(companyIdentifier);
    if (query.isPending) return <LoadingBlock label={label} rows={rows} />;
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
    return <Editor companyIdentifier={companyIdentifier} initial={query.data} />;
  };
}
