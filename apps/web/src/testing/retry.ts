import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Expects the load error `message` (inside `container`, else anywhere on the page), lets `recover` make the next
 * answer succeed and clicks «Спробувати ще раз»; the caller then expects what the retry shows.
 */
export async function retryAfterError(
  user: UserEvent,
  message: string,
  recover: () => void,
  container?: HTMLElement,
) {
  const scope = container === undefined ? screen : within(container);
  expect(await scope.findByText(message)).toBeInTheDocument();
  recover();
  await user.click(scope.getByRole('button', { name: 'Спробувати ще раз' }));
}
