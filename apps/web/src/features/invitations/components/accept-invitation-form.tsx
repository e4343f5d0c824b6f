import { zodResolver } from '@hookform/resolvers/zod';
import {
  acceptInvitationInputSchema,
  newMemberInputSchema,
  type AcceptInvitationInput,
  type CurrentUser,
  type InvitationInfo,
} from '@medcalc/domain';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

import { Form, TextFields, type TextFieldSpec } from '@/components/ui/form';
import { ApiRequestError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';

import { useAcceptInvitation } from '../api/accept-invitation';

type AcceptValues = z.input<typeof acceptInvitationInputSchema>;

const SERVER_FIELDS = ['name', 'phone', 'password', 'password_confirmation'] as const;

/** A new person: a name, an optional phone and a new password twice (registration's rules). */
const NEW_PERSON_FIELDS = [
  { name: 'name', id: 'invitation-name', label: 'Ім’я', autoComplete: 'name' },
  {
    name: 'phone',
    id: 'invitation-phone',
    label: 'Телефон (необов’язково)',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    maxLength: 40,
    placeholder: '+380 50 123 45 67',
  },
  {
    name: 'password',
    id: 'invitation-password',
    label: 'Пароль',
    isPassword: true,
    autoComplete: 'new-password',
  },
  {
    name: 'password_confirmation',
    id: 'invitation-password-confirmation',
    label: 'Повторіть пароль',
    isPassword: true,
    autoComplete: 'new-password',
  },
] as const satisfies readonly TextFieldSpec<keyof AcceptValues>[];

/** Someone with an account: their current password, checked like a sign-in. */
const EXISTING_USER_FIELDS = [
  {
    name: 'password',
    id: 'invitation-current-password',
    label: 'Ваш пароль у medcalc',
    isPassword: true,
    autoComplete: 'current-password',
  },
] as const satisfies readonly TextFieldSpec<keyof AcceptValues>[];

/** Without a message of the server's (a 500), this is said. */
const GENERIC_FAILURE = 'Не вдалося прийняти запрошення. Спробуйте ще раз.';

/**
 * Accepting an invitation (issue 22): a new person sets a name, an optional phone and a password; someone who
 * already has a medcalc account confirms it with their password. The server signs them in; `onJoined` takes them
 * on. A refusal that belongs to no field (a member of another institution, a link used meanwhile) is shown above
 * the button.
 */
export function AcceptInvitationForm({
  token,
  invitation,
  onJoined,
}: {
  token: string;
  invitation: InvitationInfo;
  onJoined: (user: CurrentUser) => void;
}) {
  const accept = useAcceptInvitation(token);
  const [failure, setFailure] = useState<string>();
  const isExisting = invitation.existingUser;
  const { control, handleSubmit, setError } = useForm<AcceptValues, unknown, AcceptInvitationInput>(
    {
      // A new person's fields follow the registration's rules; an existing account needs only its password.
      // The new person's schema checks more of the same body (its output is an AcceptInvitationInput).
      resolver: isExisting
        ? zodResolver(acceptInvitationInputSchema)
        : (zodResolver(newMemberInputSchema) as unknown as Resolver<
            AcceptValues,
            unknown,
            AcceptInvitationInput
          >),
      defaultValues: isExisting
        ? { password: '' }
        : { name: '', phone: '', password: '', password_confirmation: '' },
    },
  );

  const onValid = (values: AcceptInvitationInput) => {
    setFailure(undefined);
    // An empty optional phone is left out rather than sent as an invalid number.
    const input = values.phone === '' ? { ...values, phone: undefined } : values;
    accept.mutate(input, {
      onSuccess: ({ user }) => onJoined(user),
      onError: (error) => {
        const unplaced = applyServerErrors(error, setError, SERVER_FIELDS);
        const placed = error instanceof ApiRequestError && error.status === 422;
        const leftover = Object.values(unplaced);
        if (!placed) setFailure(error.message || GENERIC_FAILURE);
        else if (leftover.length > 0) setFailure(leftover.join(' '));
      },
    });
  };

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Прийняти запрошення">
      <TextFields
        control={control}
        fields={isExisting ? EXISTING_USER_FIELDS : NEW_PERSON_FIELDS}
      />
      {failure ? (
        <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
      <Button type="primary" htmlType="submit" size="large" block loading={accept.isPending}>
        {isExisting ? 'Приєднатися' : 'Створити обліковий запис і приєднатися'}
      </Button>
    </Form>
  );
}
