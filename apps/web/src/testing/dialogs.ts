import { screen, waitFor, within } from '@testing-library/react';

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
