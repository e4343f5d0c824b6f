import { CrownOutlined, DeleteOutlined } from '@ant-design/icons';
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, type Member, type MemberRole } from '@medcalc/domain';
import {
  Button,
  Card,
  Flex,
  Grid,
  Select,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';

import { useKeyboardScroll } from '@/hooks/use-keyboard-scroll';
import { formatDate } from '@/utils/format';
import { CODE_WRAP, WORD_WRAP } from '@/components/ui/word-wrap';

export const ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({
  value: role,
  label: MEMBER_ROLE_LABELS[role],
}));

/** The last sign-in as a uk-UA date, or that there was none yet. */
export const lastSeenText = (lastSeenAt: string | null) =>
  lastSeenAt === null ? 'Ще не входив(ла)' : formatDate(lastSeenAt);

/** A member action the owner confirms first. */
export type MemberAction = { kind: 'remove' | 'transfer'; member: Member };

/**
 * The institution's members (issue 22): name, e-mail, role and the last sign-in. The owner changes another
 * member's role in place and may remove them or hand them the ownership (both asked first by the page). On a
 * phone (below `md`) each member is a card, its name and actions in view without scrolling sideways (issue 33);
 * wider, a table that scrolls sideways inside its region when it must, which the keyboard reaches (issue 21).
 */
export function MembersTable({
  members,
  isOwner,
  pendingRoleOf,
  onRoleChange,
  onAction,
}: {
  members: readonly Member[];
  isOwner: boolean;
  /** The member whose role is being saved. */
  pendingRoleOf: string | undefined;
  onRoleChange: (member: Member, role: MemberRole) => void;
  onAction: (action: MemberAction) => void;
}) {
  const scrollRef = useKeyboardScroll('Учасники установи');
  // Until the breakpoints are measured `md` is undefined: the wide layout is the default.
  const isPhone = Grid.useBreakpoint().md === false;
  const roleCell = (member: Member) =>
    isOwner && !member.isYou ? (
      <Select<MemberRole>
        aria-label={`Роль: ${member.name}`}
        value={member.role}
        options={ROLE_OPTIONS}
        loading={pendingRoleOf === member.identifier}
        disabled={pendingRoleOf !== undefined}
        onChange={(role) => onRoleChange(member, role)}
        style={{ width: '100%' }}
        popupMatchSelectWidth={isPhone}
      />
    ) : (
      MEMBER_ROLE_LABELS[member.role]
    );
  const lastSeenCell = (member: Member) =>
    member.lastSeenAt === null ? (
      <Typography.Text type="secondary">{lastSeenText(null)}</Typography.Text>
    ) : (
      lastSeenText(member.lastSeenAt)
    );
  const actionsCell = (member: Member) =>
    member.isYou ? null : (
      <Flex gap={4}>
        {member.role === 'owner' ? null : (
          <Button
            type="text"
            icon={<CrownOutlined aria-hidden />}
            title="Передати права керівника"
            aria-label={`Передати права керівника: ${member.name}`}
            onClick={() => onAction({ kind: 'transfer', member })}
          />
        )}
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          title="Видалити з установи"
          aria-label={`Видалити з установи: ${member.name}`}
          onClick={() => onAction({ kind: 'remove', member })}
        />
      </Flex>
    );
  const nameCell = (member: Member) => (
    <Flex gap={6} wrap align="center">
      <span>{member.name}</span>
      {member.isYou ? <Tag>ви</Tag> : null}
    </Flex>
  );

  const columns: TableColumnsType<Member> = [
    {
      title: 'Ім’я',
      key: 'name',
      onCell: () => ({ style: WORD_WRAP }),
      render: (_, member) => nameCell(member),
    },
    {
      title: 'Електронна пошта',
      dataIndex: 'email',
      key: 'email',
      width: 230,
      onCell: () => ({ style: WORD_WRAP }),
    },
    {
      title: 'Роль',
      key: 'role',
      width: 250,
      render: (_, member) => roleCell(member),
    },
    {
      title: 'Останній вхід',
      key: 'lastSeenAt',
      width: 140,
      render: (_, member) => lastSeenCell(member),
    },
    ...(isOwner
      ? [
          {
            title: 'Дії',
            key: 'actions',
            width: 130,
            render: (_: unknown, member: Member) => actionsCell(member),
          },
        ]
      : []),
  ];

  if (isPhone)
    return (
      <ul aria-label="Учасники установи" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {members.map((member) => (
          <li key={member.identifier} style={{ marginBottom: 12 }}>
            <Card size="small">
              <Flex justify="space-between" align="start" gap={8}>
                <div style={{ ...WORD_WRAP, minWidth: 0 }}>
                  {nameCell(member)}
                  <Typography.Text type="secondary" style={{ display: 'block', ...CODE_WRAP }}>
                    {member.email}
                  </Typography.Text>
                </div>
                {isOwner ? actionsCell(member) : null}
              </Flex>
              <div style={{ marginTop: 8 }}>{roleCell(member)}</div>
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
                Останній вхід: <span>{lastSeenCell(member)}</span>
              </Typography.Text>
            </Card>
          </li>
        ))}
      </ul>
    );

  return (
    <div role="region" aria-label="Учасники установи" ref={scrollRef}>
      <Table<Member>
        columns={columns}
        rowKey="identifier"
        dataSource={[...members]}
        pagination={false}
        tableLayout="fixed"
        scroll={{ x: isOwner ? 880 : 750 }}
      />
    </div>
  );
}
