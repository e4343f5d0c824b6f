import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** Expects the link named `name` (inside `container`, else anywhere on the page) to lead to `href`. */
export function expectLinkTo(name: string, href: string, container?: HTMLElement) {
  const scope = container === undefined ? screen : within(container);
  expect(scope.getByRole('link', { name })).toHaveAttribute('href', href);
}
