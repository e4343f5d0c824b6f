import { inviteMemberInputSchema, type InviteMemberInput } from '@medcalc/domain';
import { Button, Flex } from 'antd';

import { SelectField } from '@/components/ui/choice-fields';
import { Form, TextFields, type TextFieldSpec } from '@/components/ui/form';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { applyServerErrors } from '@/lib/form-errors';

import { useInviteMember } from '../api/invite-member';

import { ROLE_OPTIONS } from './members-table';

const INVITE_EMAIL_FIELD: TextFieldSpec<'email'> = {
  name: 'email',
  id: 'invite-email',
  label: 'Електронна пошта',
  type: 'email',
  autoComplete: 'off',
  placeholder: 'colleague@clinic.ua',
};

/**
 * The owner's invitation (issue 22): an e-mail and a role. The server mails the link; a member's or an already
 * invited address comes back as a 422 under the e-mail field. The form empties after a sent invitation.
 */
export function InviteMemberForm() {
  const invite = useInviteMember();
  const { control, handleSubmit, setError, reset } = useSchemaForm(
    inviteMemberInputSchema,
    { email: '', role: 'economist' },
    { unsavedMessage: 'Запрошення не надіслано. Якщо піти зі сторінки, введене буде втрачено.' },
  );

  const onValid = (input: InviteMemberInput) => {
    invite.mutate(input, {
      onSuccess: () => reset({ email: '', role: input.role }),
      onError: (error) => applyServerErrors(error, setError, ['email', 'role']),
    });
  };

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Запросити учасника">
      <Flex wrap gap={12} align="end">
        <div style={{ flex: '1 1 260px' }}>
          <TextFields control={control} fields={[INVITE_EMAIL_FIELD]} />
        </div>
        <div style={{ flex: '1 1 220px' }}>
          <SelectField
            control={control}
            name="role"
            id="invite-role"
            label="Роль"
            options={ROLE_OPTIONS}
            popupMatchSelectWidth={false}
          />
        </div>
        <div style={{ marginBottom: 24 }}>
          <Button type="primary" htmlType="submit" loading={invite.isPending}>
            Запросити
          </Button>
        </div>
      </Flex>
    </Form>
  );
}
