import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until the field labelled `label` (in `container`, else the whole page) shows `message` as its error: antd
 * links a field's message to its input through aria-describedby, so it is the input's accessible description.
 */
export function expectFieldError(label: string, message: string, container?: HTMLElement) {
  const scope = container ? within(container) : screen;
  return waitFor(() => expect(scope.getByLabelText(label)).toHaveAccessibleDescription(message));
}
