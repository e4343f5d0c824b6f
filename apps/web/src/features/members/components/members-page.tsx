import { LogoutOutlined } from '@ant-design/icons';
import { MEMBER_ROLE_LABELS, type Invitation, type Member, type MemberRole } from '@medcalc/domain';
import { Alert, Button, Card, Flex, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useMemberCan } from '@/hooks/use-member-can';

import { useMembers } from '../api/get-members';
import { useLeaveCompany } from '../api/leave-company';
import { useChangeMemberRole } from '../api/change-member-role';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useTransferOwnership } from '../api/transfer-ownership';

import { InvitationsList } from './invitations-list';
import { InviteMemberForm } from './invite-member-form';
import { MembersTable, type MemberAction } from './members-table';

/** Why the only owner cannot leave (the server refuses it with 409 as well). */
export const LAST_OWNER_CANNOT_LEAVE =
  'Ви єдиний керівник облікового запису: щоб вийти, спершу передайте права керівника іншому учаснику.';

/** A question the page asks before an irreversible call. */
type Question = MemberAction | { kind: 'revoke'; invitation: Invitation } | { kind: 'leave' };

/** The words of each question: title, body, the confirming button, and whether it is destructive. */
function wordsOf(question: Question): {
  title: string;
  body: ReactNode;
  okText: string;
  danger: boolean;
} {
  switch (question.kind) {
    case 'remove':
      return {
        title: 'Видалити учасника?',
        body: (
          <>
            Обліковий запис «{question.member.name}» ({question.member.email}) буде видалено, а його
            сеанси завершаться одразу. Його ім’я залишиться в журналі змін. Щоб повернутися, йому
            знадобиться нове запрошення.
          </>
        ),
        okText: 'Так, видалити',
        danger: true,
      };
    case 'transfer':
      return {
        title: 'Передати права керівника?',
        body: (
          <>
            «{question.member.name}» стане керівником облікового запису, а ваша роль зміниться на «
            {MEMBER_ROLE_LABELS.economist}». Повернути права зможе лише новий керівник.
          </>
        ),
        okText: 'Так, передати',
        danger: false,
      };
    case 'revoke':
      return {
        title: 'Відкликати запрошення?',
        body: <>Посилання з листа для {question.invitation.email} перестане діяти.</>,
        okText: 'Так, відкликати',
        danger: true,
      };
    case 'leave':
      return {
        title: 'Вийти з установи?',
        body: (
          <>
            Ваш обліковий запис буде видалено, і ви вийдете із системи. Дані установи залишаться в
            інших учасників. Повернутися можна буде лише за новим запрошенням.
          </>
        ),
        okText: 'Так, вийти',
        danger: true,
      };
  }
}

/**
 * The members page of issue 22 (account menu «Команда»): the members with role, e-mail and last sign-in. The
 * owner invites by e-mail, sees and revokes the pending invitations, changes roles, removes members and hands
 * over the ownership; every member may leave, except the last owner, who is told why. Irreversible steps are
 * asked first.
 */
export function MembersPage() {
  const members = useMembers();
  const isOwner = useMemberCan('members');
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const revoke = useRevokeInvitation();
  const leave = useLeaveCompany();
  const [question, setQuestion] = useState<Question>();
  const [roleChanging, setRoleChanging] = useState<string>();

  const { mutate: mutateRole } = changeRole;
  const onRoleChange = (member: Member, role: MemberRole) => {
    setRoleChanging(member.identifier);
    mutateRole(
      { identifier: member.identifier, role },
      { onSettled: () => setRoleChanging(undefined) },
    );
  };
  const onAction = (action: MemberAction) => setQuestion(action);

  if (members.isPending) return <LoadingBlock label="Учасники: завантаження…" rows={6} />;
  if (members.isError) return <LoadError onRetry={() => void members.refetch()} />;

  const { members: rows, invitations } = members.data;
  const you = rows.find((member) => member.isYou);
  const owners = rows.filter((member) => member.role === 'owner').length;
  const isLastOwner = you?.role === 'owner' && owners <= 1;

  const close = () => setQuestion(undefined);
  const isPending = remove.isPending || transfer.isPending || revoke.isPending || leave.isPending;
  const onConfirm = () => {
    if (question === undefined) return;
    const settle = { onSettled: close };
    if (question.kind === 'remove') {
      remove.mutate({ identifier: question.member.identifier }, settle);
    } else if (question.kind === 'transfer') {
      transfer.mutate({ identifier: question.member.identifier }, settle);
    } else if (question.kind === 'revoke') {
      revoke.mutate({ id: question.invitation.id }, settle);
    } else {
      // Success leaves for the landing page; a refusal (409) keeps the user here.
      leave.mutate(undefined, { onError: close });
    }
  };
  const words = question ? wordsOf(question) : undefined;

  return (
    <Flex vertical gap={24}>
      {isOwner ? (
        <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Запросити учасника</h2>} size="small">
          <Typography.Paragraph type="secondary">
            На адресу прийде лист із посиланням, дійсним 7 днів. «{MEMBER_ROLE_LABELS.economist}»
            веде довідники, дані установи й замовлення; «{MEMBER_ROLE_LABELS.viewer}» лише
            переглядає й завантажує документи.
          </Typography.Paragraph>
          <InviteMemberForm />
        </Card>
      ) : null}
      <section aria-labelledby="members-heading">
        <Typography.Title level={2} id="members-heading" style={{ fontSize: 20 }}>
          Учасники ({rows.length})
        </Typography.Title>
        <MembersTable
          members={rows}
          isOwner={isOwner}
          pendingRoleOf={roleChanging}
          onRoleChange={onRoleChange}
          onAction={onAction}
        />
      </section>
      {isOwner ? (
        <section aria-labelledby="invitations-heading">
          <Typography.Title level={2} id="invitations-heading" style={{ fontSize: 20 }}>
            Запрошення, що очікують
          </Typography.Title>
          <InvitationsList
            invitations={invitations}
            onRevoke={(invitation) => setQuestion({ kind: 'revoke', invitation })}
          />
        </section>
      ) : null}
      <section aria-labelledby="leave-heading">
        <Typography.Title level={2} id="leave-heading" style={{ fontSize: 20 }}>
          Вихід з установи
        </Typography.Title>
        {isLastOwner ? (
          <Alert
            type="info"
            showIcon
            title={LAST_OWNER_CANNOT_LEAVE}
            style={{ marginBottom: 12 }}
          />
        ) : null}
        <Button
          danger
          icon={<LogoutOutlined aria-hidden />}
          disabled={isLastOwner}
          onClick={() => setQuestion({ kind: 'leave' })}
        >
          Вийти з установи
        </Button>
      </section>
      <Modal
        open={question !== undefined}
        title={words?.title}
        okText={words?.okText}
        cancelText="Скасувати"
        okButtonProps={{ danger: words?.danger ?? false }}
        cancelButtonProps={{ disabled: isPending }}
        confirmLoading={isPending}
        destroyOnHidden
        onCancel={close}
        onOk={onConfirm}
      >
        <Typography.Paragraph style={{ overflowWrap: 'anywhere' }}>
          {words?.body}
        </Typography.Paragraph>
      </Modal>
    </Flex>
  );
}
