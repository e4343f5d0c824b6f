import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';

/** Types each value into the field labelled with its key, in order, then presses the button `submit`, as a user. */
export async function fillAndSubmit(fields: Record<string, string>, submit: string): Promise<void> {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(fields)) {
    await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: submit }));
}

/** Signs in through the shown sign-in form (spec §2): e-mail, password, «Увійти». */
export const submitSignIn = (email: string, password: string) =>
  fillAndSubmit({ 'Електронна пошта': email, Пароль: password }, 'Увійти');

/** Replaces what `field` holds with `text`, as a user: clears it, then types. */
export async function retype(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.type(field, text);
}
