import { MEMBER_ROLE_LABELS, type CurrentUser } from '@medcalc/domain';
import { Descriptions, Result } from 'antd';
import { Link } from 'react-router';

import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format';

import { DEAD_LINK_STATUSES, useInvitation } from '../api/get-invitation';

import { AcceptInvitationForm } from './accept-invitation-form';

/** The page's heading-less fallback texts for a link that cannot be used. */
const DEAD_LINK_TITLES: Record<number, string> = {
  404: 'Запрошення не знайдено',
  410: 'Запрошення більше не діє',
};

/**
 * The invitation link of issue 22 (`/invitations/:token`, public): who invites to which institution with which
 * role, then the form that joins it. An unknown link (404) and a used, revoked or expired one (410) are said in
 * place, with the server's words and where to go instead.
 */
export function InvitationView({
  token,
  onJoined,
}: {
  token: string;
  onJoined: (user: CurrentUser) => void;
}) {
  const invitation = useInvitation(token);

  if (invitation.isPending) return <LoadingBlock label="Запрошення: завантаження…" rows={4} />;
  if (invitation.isError) {
    const { error } = invitation;
    const status = error instanceof ApiRequestError ? error.status : 0;
    if (DEAD_LINK_STATUSES.includes(status)) {
      return (
        <Result
          status="warning"
          title={DEAD_LINK_TITLES[status]}
          subTitle={`${error.message} Попросіть керівника облікового запису надіслати нове запрошення.`}
          extra={<Link to={paths.home}>Перейти на головну сторінку</Link>}
        />
      );
    }
    return <LoadError onRetry={() => void invitation.refetch()} />;
  }

  const info = invitation.data;
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 24 }}
        items={[
          { key: 'company', label: 'Установа', children: info.companyName },
          { key: 'role', label: 'Роль', children: MEMBER_ROLE_LABELS[info.role] },
          { key: 'invitedBy', label: 'Запросив(ла)', children: info.invitedBy },
          { key: 'email', label: 'Електронна пошта', children: info.email },
          { key: 'expiresAt', label: 'Дійсне до', children: formatDateTime(info.expiresAt) },
        ]}
      />
      <AcceptInvitationForm token={token} invitation={info} onJoined={onJoined} />
    </>
  );
}
