import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * The open antd modal with this title. Under NODE_ENV=test antd's ids are all 'test-id', so a dialog's
 * aria-labelledby can point at another element and `findByRole('dialog', { name })` cannot be trusted;
 * the title text inside the dialog can.
 */
export function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen
      .getAllByRole('dialog')
      .find((candidate) => within(candidate).queryByText(title, { selector: '.ant-modal-title' }));
    if (dialog === undefined) throw new Error(`no open dialog titled «${title}»`);
    return dialog;
  });
}

/** Clicks the button named `button` once it shows, and answers the dialog titled `title` that it opens. */
export async function openDialog(
  user: UserEvent,
  button: string,
  title: string,
): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: button }));
  return findDialog(title);
}
