import { CrownOutlined, DeleteOutlined } from '@ant-design/icons';
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, type Member, type MemberRole } from '@medcalc/domain';
import { Button, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';

import { useKeyboardScroll } from '@/components/ui/keyboard-scroll';
import { formatDate } from '@/utils/format';
import { WORD_WRAP } from '@/components/ui/word-wrap';

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
 * member's role in place and may remove them or hand them the ownership (both asked first by the page). Wider
 * than a phone, the table scrolls sideways inside its region, which the keyboard reaches (issue 21).
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
  const columns = useMemo<TableColumnsType<Member>>(
    () => [
      {
        title: 'Ім’я',
        key: 'name',
        onCell: () => ({ style: WORD_WRAP }),
        render: (_, member) => (
          <Flex gap={6} wrap align="center">
            <span>{member.name}</span>
            {member.isYou ? <Tag>ви</Tag> : null}
          </Flex>
        ),
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
        render: (_, member) =>
          isOwner && !member.isYou ? (
            <Select<MemberRole>
              aria-label={`Роль: ${member.name}`}
              value={member.role}
              options={ROLE_OPTIONS}
              loading={pendingRoleOf === member.identifier}
              disabled={pendingRoleOf !== undefined}
              onChange={(role) => onRoleChange(member, role)}
              style={{ width: '100%' }}
              popupMatchSelectWidth={false}
            />
          ) : (
            MEMBER_ROLE_LABELS[member.role]
          ),
      },
      {
        title: 'Останній вхід',
        key: 'lastSeenAt',
        width: 140,
        render: (_, member) =>
          member.lastSeenAt === null ? (
            <Typography.Text type="secondary">{lastSeenText(null)}</Typography.Text>
          ) : (
            lastSeenText(member.lastSeenAt)
          ),
      },
      ...(isOwner
        ? [
            {
              title: 'Дії',
              key: 'actions',
              width: 130,
              render: (_: unknown, member: Member) =>
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
                ),
            },
          ]
        : []),
    ],
    [isOwner, pendingRoleOf, onRoleChange, onAction],
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
