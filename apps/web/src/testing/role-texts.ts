import { within, type ByRoleMatcher } from '@testing-library/react';

/** The text of each element of `role` inside `container`, in order (e.g. a menu's items, a row's cells). */
export function roleTexts(container: HTMLElement, role: ByRoleMatcher): (string | null)[] {
  return within(container)
    .getAllByRole(role)
    .map((element) => element.textContent);
}
