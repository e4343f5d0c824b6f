import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

import { chooseOption } from '@/testing/choose-option';

/** Fills a new material's modal (the price as a person types it, `3,2`) and presses «Додати». */
export async function submitNewPill(
  user: UserEvent,
  dialog: HTMLElement,
  { name, unit, price }: { name: string; unit: string; price: string },
) {
  await user.type(within(dialog).getByLabelText('Назва'), name);
  await chooseOption(user, within(dialog).getByLabelText('Одиниця виміру'), unit);
  await user.type(within(dialog).getByLabelText('Ціна за одиницю, грн'), price);
  await user.click(within(dialog).getByRole('button', { name: 'Додати' }));
}
