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

/**
 * Puts `text` into `field` at the end of what it holds, as a user pasting it: a click into the field, then one input
 * event, where `user.type` sends a keydown, keypress, input and keyup per character and the form renders after
 * each. For a test that needs the text in the field and is not about typing it.
 */
export async function pasteInto(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
