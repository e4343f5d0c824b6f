import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

import { requestsTo, type FetchSpy } from './fetch-calls';

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

/**
 * Opens the question `title` with the button `button`, expects it to say `says` while nothing has been deleted at
 * `path` yet, and answers `answer`: a deletion happens only after the question.
 */
export async function answerDeleteQuestion(
  user: UserEvent,
  spy: FetchSpy,
  question: { button: string; title: string; says: string; path: string; answer: string },
): Promise<void> {
  const dialog = await openDialog(user, question.button, question.title);
  expect(dialog).toHaveTextContent(question.says);
  expect(requestsTo(spy, 'DELETE', question.path)).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: question.answer }));
}
