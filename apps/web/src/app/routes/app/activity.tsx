import { memberCan, type CurrentUser } from '@medcalc/domain';
import { Result } from 'antd';

import { PageTitle } from '@/components/ui/page-title';
import { getActivityQueryOptions } from '@/features/activity/api/get-activity';
import { ActivityLog } from '@/features/activity/components/activity-log';
import { useMemberCan } from '@/hooks/use-member-can';
import { USER_QUERY_KEY } from '@/lib/auth';

import { prefetchForCompany } from '../../route-prefetch';

/** The log's first page starts loading with the page's code, for the roles that may read it. */
export const loader = prefetchForCompany((queryClient) => {
  const user = queryClient.getQueryData<CurrentUser | null>(USER_QUERY_KEY);
  if (memberCan(user?.companyRole, 'activity')) {
    void queryClient.prefetchQuery(getActivityQueryOptions({}, 1));
  }
});

/** Issue 22 (account menu «Журнал змін», `/activity`): the owner's and economists' view of who changed what. */
export default function ActivityRoute() {
  const canRead = useMemberCan('activity');
  return (
    <>
      <PageTitle>Журнал змін</PageTitle>
      {canRead ? (
        <ActivityLog />
      ) : (
        <Result
          status="403"
          title="Журнал змін недоступний"
          subTitle="Журнал змін бачать керівник облікового запису та економісти установи."
        />
      )}
    </>
  );
}
