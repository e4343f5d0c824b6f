import {
  MEMBER_ROLE_LABELS,
  profileInputSchema,
  type CurrentUser,
  type ProfileInput,
} from '@medcalc/domain';
import { Button, Descriptions, Input, Typography } from 'antd';
import { Link } from 'react-router';

import {
  FieldItem,
  Form,
  nameCount,
  phoneField,
  TextFields,
  type TextFieldSpec,
} from '@/components/ui/form';
import { paths } from '@/config/paths';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { applyServerErrors } from '@/lib/form-errors';

import { useUpdateProfile } from '../api/update-profile';

const FIELDS = [
  { name: 'name', id: 'profile-name', label: 'Ім’я', autoComplete: 'name', count: nameCount() },
  phoneField('profile-phone'),
] as const satisfies readonly TextFieldSpec<keyof ProfileInput>[];

const EMAIL_ID = 'profile-email';

/**
 * The own name and phone (issue 33), checked by the domain's `profileInputSchema` as the server checks them. The
 * e-mail is shown, not edited: it is the sign-in, and a new address would need a confirmation letter first, which
 * the service does not send yet, so the page says how to have it changed.
 */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const { control, handleSubmit, setError, reset } = useSchemaForm(profileInputSchema, {
    name: user.name,
    phone: user.phone,
  });

  const onValid = (input: ProfileInput) =>
    update.mutate(input, {
      onSuccess: ({ user: saved }) => reset({ name: saved.name, phone: saved.phone }),
      onError: (error) => applyServerErrors(error, setError, ['name', 'phone']),
    });

  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="Особисті дані">
      <TextFields control={control} fields={FIELDS} />
      <FieldItem id={EMAIL_ID} label="Електронна пошта" message={undefined}>
        <Input
          id={EMAIL_ID}
          value={user.email}
          readOnly
          autoComplete="email"
          aria-describedby={`${EMAIL_ID}-note`}
        />
      </FieldItem>
      <Typography.Paragraph type="secondary" id={`${EMAIL_ID}-note`} style={{ marginTop: -16 }}>
        Електронна пошта — ваш логін, тому тут її змінити не можна: нову адресу спершу треба
        підтвердити. Щоб змінити її, напишіть нам (сторінка{' '}
        <Link to={paths.legal.contacts} style={{ textDecoration: 'underline' }}>
          «Контакти»
        </Link>
        ).
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 24 }}
        items={[
          { key: 'company', label: 'Заклад', children: user.company },
          { key: 'role', label: 'Роль у закладі', children: MEMBER_ROLE_LABELS[user.companyRole] },
        ]}
      />
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Зберегти
      </Button>
    </Form>
  );
}
